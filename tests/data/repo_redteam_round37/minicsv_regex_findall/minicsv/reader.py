"""Read CSV text into rows of strings (RFC 4180 subset: commas, double-quoted fields, "" escapes)."""

from __future__ import annotations

import re

from minicsv.dialect import DEFAULT, Dialect


def _field_pattern(dialect: Dialect) -> re.Pattern[str]:
    q, d = re.escape(dialect.quote), re.escape(dialect.delimiter)
    # a quoted field (doubled quotes inside) or a run of anything but the delimiter, each followed by a delimiter
    # or the end of the line
    return re.compile(rf"\s*{q}((?:[^{q}]|{q}{q})*){q}\s*(?:{d}|$)|([^{d}]*)(?:{d}|$)")


def parse_line(line: str, dialect: Dialect = DEFAULT) -> list[str]:
    """One record's fields."""
    q = dialect.quote
    fields = []
    pos = 0
    pattern = _field_pattern(dialect)
    while pos <= len(line):
        m = pattern.match(line, pos)
        if m is None or m.end() == pos and pos == len(line) and fields:
            break
        quoted, plain = m.group(1), m.group(2)
        fields.append(quoted.replace(q * 2, q) if quoted is not None else plain)
        if m.end() == len(line) and not line.endswith(dialect.delimiter) or m.end() == pos:
            break
        pos = m.end()
    return [field.strip() if dialect.strip else field for field in fields]


def read(text: str, dialect: Dialect = DEFAULT) -> list[list[str]]:
    """Every non-empty line's fields."""
    return [parse_line(line, dialect) for line in text.splitlines() if line.strip()]
