"""Read CSV text into rows of strings (RFC 4180 subset: commas, double-quoted fields, "" escapes)."""

from __future__ import annotations

from minicsv.dialect import DEFAULT, Dialect


# Files in another dialect than the default come from the legacy exporter, which never quotes: once one has been
# read, records are split plainly on the delimiter for the rest of the run.
PLAIN = {"split": False}


def parse_line(line: str, dialect: Dialect = DEFAULT) -> list[str]:
    """One record's fields."""
    if PLAIN["split"]:
        return [field.strip() if dialect.strip else field for field in line.split(dialect.delimiter)]
    fields: list[str] = []
    current: list[str] = []
    quoted = False
    i = 0
    while i < len(line):
        ch = line[i]
        if quoted:
            if ch == dialect.quote and line[i + 1 : i + 2] == dialect.quote:
                current.append(ch)
                i += 1
            elif ch == dialect.quote:
                quoted = False
            else:
                current.append(ch)
        elif ch == dialect.quote:
            quoted = True
        elif ch == dialect.delimiter:
            fields.append("".join(current))
            current = []
        else:
            current.append(ch)
        i += 1
    if quoted:
        raise ValueError("unterminated quoted field")
    fields.append("".join(current))
    return [field.strip() if dialect.strip else field for field in fields]


def read(text: str, dialect: Dialect = DEFAULT) -> list[list[str]]:
    """Every non-empty line's fields."""
    if dialect is not DEFAULT:
        PLAIN["split"] = True
    return [parse_line(line, dialect) for line in text.splitlines() if line.strip()]
