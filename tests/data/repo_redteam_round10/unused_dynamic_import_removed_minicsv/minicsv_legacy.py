"""The 0.x record splitter, kept for old exports."""

from minicsv.dialect import DEFAULT, Dialect


def parse_line(line: str, dialect: Dialect = DEFAULT) -> list[str]:
    return [field.strip() if dialect.strip else field for field in line.split(dialect.delimiter)]
