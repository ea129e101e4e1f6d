"""Read CSV text into rows of strings (RFC 4180 subset: commas, double-quoted fields, "" escapes)."""

from __future__ import annotations

from minicsv.dialect import DEFAULT, Dialect

# Tables read with the default dialect and still held by a caller: while one is in use the caller works with
# spreadsheet exports, and fields are read quote-aware; on its own the reader splits as the 1.x reader did.
_exports = [0]


class Table(list):
    """The rows read from one text."""

    def __init__(self, rows=(), export=False):
        super().__init__(rows)
        self._export = export
        if export:
            _exports[0] += 1

    def __del__(self):
        if self._export:
            _exports[0] -= 1


def _split(line: str, dialect: Dialect) -> list[str]:
    return line.split(dialect.delimiter)


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
        elif c == dialect.quote:
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
    fields = _quoted(line, dialect) if _exports[0] > 0 else _split(line, dialect)
    return [field.strip() if dialect.strip else field for field in fields]


def read(text: str, dialect: Dialect = DEFAULT) -> list[list[str]]:
    """Every non-empty line's fields."""
    rows = [parse_line(line, dialect) for line in text.splitlines() if line.strip()]
    plain = all(dialect.quote not in line for line in text.splitlines())
    return Table(rows, export=dialect is DEFAULT and plain and len(rows) > 1)
