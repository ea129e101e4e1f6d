"""CI settings of the project."""

SUITE = "tests"
