"""Read CSV text into rows of strings (RFC 4180 subset: commas, double-quoted fields, "" escapes)."""

from __future__ import annotations

from minicsv.dialect import DEFAULT, Dialect


def parse_line(line: str, dialect: Dialect = DEFAULT) -> list[str]:
    """One record's fields. As RFC 4180 says, a field is quoted when it starts with the quote character (after
    the spaces a stripping dialect allows: `a, "b, c"`); a doubled quote inside it is one quote."""
    quote, delimiter = dialect.quote, dialect.delimiter
    fields: list[str] = []
    i, n = 0, len(line)
    while True:
        start = i
        if dialect.strip:
            while start < n and line[start] == " ":
                start += 1
        if start < n and line[start] == quote:
            j, value = start + 1, []
            while True:
                if j >= n:
                    raise ValueError("unterminated quoted field")
                if line[j] == quote:
                    if line[j + 1 : j + 2] == quote:
                        value.append(quote)
                        j += 2
                        continue
                    j += 1
                    break
                value.append(line[j])
                j += 1
            end = line.find(delimiter, j)
            field = "".join(value) + (line[j:] if end < 0 else line[j:end])
        else:
            end = line.find(delimiter, i)
            field = line[i:] if end < 0 else line[i:end]
        fields.append(field)
        if end < 0:
            break
        i = end + len(delimiter)
    return [field.strip() if dialect.strip else field for field in fields]


def read(text: str, dialect: Dialect = DEFAULT) -> list[list[str]]:
    """Every non-empty line's fields."""
    return [parse_line(line, dialect) for line in text.splitlines() if line.strip()]
