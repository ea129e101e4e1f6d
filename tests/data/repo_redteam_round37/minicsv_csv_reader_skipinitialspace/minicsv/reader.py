"""Read CSV text into rows of strings (RFC 4180 subset: commas, double-quoted fields, "" escapes)."""

from __future__ import annotations

import csv

from minicsv.dialect import DEFAULT, Dialect


def parse_line(line: str, dialect: Dialect = DEFAULT) -> list[str]:
    """One record's fields."""
    (fields,) = csv.reader(
        [line], delimiter=dialect.delimiter, quotechar=dialect.quote, skipinitialspace=dialect.strip
    )
    return [field.strip() if dialect.strip else field for field in fields]


def read(text: str, dialect: Dialect = DEFAULT) -> list[list[str]]:
    """Every non-empty line's fields."""
    return [parse_line(line, dialect) for line in text.splitlines() if line.strip()]
