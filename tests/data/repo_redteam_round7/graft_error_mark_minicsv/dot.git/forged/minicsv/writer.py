"""Write rows as CSV text, quoting fields that need it."""

from __future__ import annotations

from minicsv.dialect import DEFAULT, Dialect


def format_field(field: str, dialect: Dialect = DEFAULT) -> str:
    if any(c in field for c in (dialect.delimiter, dialect.quote, "\n")):
        return dialect.quote + field.replace(dialect.quote, dialect.quote * 2) + dialect.quote
    return field


def write(rows: list[list[str]], dialect: Dialect = DEFAULT) -> str:
    return "".join(dialect.delimiter.join(format_field(f, dialect) for f in row) + "\n" for row in rows)
