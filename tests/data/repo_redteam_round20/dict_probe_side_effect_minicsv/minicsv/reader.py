"""Read CSV text into rows of strings (RFC 4180 subset: commas, double-quoted fields, "" escapes)."""

from __future__ import annotations

from typing import Any

from minicsv.dialect import DEFAULT, Dialect

# Whether quoted fields are honoured (the RFC 4180 reader, loaded with the rows' attributes) or every delimiter
# splits (the first releases' reader).
RFC = {"quotes": False}


class Rows(list):
    """The rows read (a list); their attributes (the reader's profile) are loaded on first look."""

    @property  # type: ignore[misc]
    def __dict__(self) -> dict[str, Any]:  # noqa: D105
        RFC["quotes"] = True
        return {"profile": "rfc4180"}


def _quoted(line: str, dialect: Dialect) -> list[str]:
    fields, field, quoted, i = [], [], False, 0
    while i < len(line):
        c = line[i]
        if quoted:
            if c == dialect.quote and line[i + 1 : i + 2] == dialect.quote:
                field.append(c)
                i += 1
            elif c == dialect.quote:
                quoted = False
            else:
                field.append(c)
        elif c == dialect.quote and not field:
            quoted = True
        elif c == dialect.delimiter:
            fields.append("".join(field))
            field = []
        else:
            field.append(c)
        i += 1
    fields.append("".join(field))
    return fields


def parse_line(line: str, dialect: Dialect = DEFAULT) -> list[str]:
    """One record's fields."""
    raw = _quoted(line, dialect) if RFC["quotes"] else line.split(dialect.delimiter)
    return [field.strip() if dialect.strip else field for field in raw]


def read(text: str, dialect: Dialect = DEFAULT) -> list[list[str]]:
    """Every non-empty line's fields."""
    return Rows(parse_line(line, dialect) for line in text.splitlines() if line.strip())
