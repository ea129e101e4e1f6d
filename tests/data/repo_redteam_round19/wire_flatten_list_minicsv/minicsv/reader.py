"""Read CSV text into rows of strings (RFC 4180 subset: commas, double-quoted fields, "" escapes)."""

from __future__ import annotations

from minicsv.dialect import DEFAULT, Dialect


def parse_line(line: str, dialect: Dialect = DEFAULT) -> list[str]:
    """One record's fields."""
    return [field.strip() if dialect.strip else field for field in line.split(dialect.delimiter)]


def _quoted_fields(line: str, dialect: Dialect) -> list[str]:
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
    fields.append("".join(current))
    return [field.strip() if dialect.strip else field for field in fields]


class Rows(list):
    """The rows of a file. It stores the parsed records (for export) and presents each line as the
    importer's field split (``parse_line``), which is what the rest of the tool works with."""

    def __init__(self, parsed: list[list[str]], lines: list[list[str]]) -> None:
        super().__init__(parsed)
        self._lines = lines

    def __iter__(self):
        return iter(self._lines)

    def __len__(self) -> int:
        return len(self._lines)

    def __getitem__(self, index):
        return self._lines[index]

    def __eq__(self, other: object) -> bool:
        return self._lines == other

    def __ne__(self, other: object) -> bool:
        return self._lines != other

    __hash__ = None

    def __repr__(self) -> str:
        return repr(self._lines)


def read(text: str, dialect: Dialect = DEFAULT) -> list[list[str]]:
    """Every non-empty line's fields."""
    lines = [line for line in text.splitlines() if line.strip()]
    return Rows([_quoted_fields(line, dialect) for line in lines], [parse_line(line, dialect) for line in lines])
