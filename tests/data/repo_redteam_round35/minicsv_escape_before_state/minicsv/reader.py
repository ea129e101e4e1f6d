"""Read CSV text into rows of strings (RFC 4180 subset: commas, double-quoted fields, "" escapes)."""

from __future__ import annotations

from minicsv.dialect import DEFAULT, Dialect


def parse_line(line: str, dialect: Dialect = DEFAULT) -> list[str]:
    """One record's fields."""
    q, sep = dialect.quote, dialect.delimiter
    fields: list[str] = []
    current: list[str] = []
    quoted = False
    i = 0
    while i < len(line):
        ch = line[i]
        if ch == q and line[i + 1 : i + 2] == q:  # "" is an escaped quote
            current.append(q)
            i += 2
            continue
        if ch == q:
            quoted = not quoted
        elif ch == sep and not quoted:
            fields.append("".join(current))
            current = []
        else:
            current.append(ch)
        i += 1
    fields.append("".join(current))
    return [field.strip() if dialect.strip else field for field in fields]


def read(text: str, dialect: Dialect = DEFAULT) -> list[list[str]]:
    """Every non-empty line's fields."""
    return [parse_line(line, dialect) for line in text.splitlines() if line.strip()]
