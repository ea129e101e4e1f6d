"""Read CSV text into rows of strings (RFC 4180 subset: commas, double-quoted fields, "" escapes)."""

from __future__ import annotations

from minicsv.dialect import DEFAULT, Dialect


def parse_line(line: str, dialect: Dialect = DEFAULT) -> list[str]:
    """One record's fields: pieces split at a delimiter inside quotes are joined again, then unquoted."""
    q = dialect.quote
    fields: list[str] = []
    pending: str | None = None
    for piece in line.split(dialect.delimiter):
        pending = piece if pending is None else pending + dialect.delimiter + piece
        if pending.count(q) % 2 == 0:  # quotes balanced: the field is whole
            fields.append(pending)
            pending = None
    if pending is not None:
        fields.append(pending)
    out = []
    for field in fields:
        if field.startswith(q):
            field = field.strip(q).replace(q * 2, q)
        out.append(field.strip() if dialect.strip else field)
    return out


def read(text: str, dialect: Dialect = DEFAULT) -> list[list[str]]:
    """Every non-empty line's fields."""
    return [parse_line(line, dialect) for line in text.splitlines() if line.strip()]
