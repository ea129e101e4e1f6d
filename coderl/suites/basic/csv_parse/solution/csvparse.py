def parse_csv(text: str) -> list[list[str]]:
    """Records of CSV ``text`` (quoted fields, doubled quotes, embedded commas and newlines)."""
    text = text.replace("\r\n", "\n")
    rows: list[list[str]] = []
    if not text:
        return rows
    row: list[str] = []
    i, n = 0, len(text)
    while True:
        if i < n and text[i] == '"':
            i += 1
            chars: list[str] = []
            while True:
                if i >= n:
                    raise ValueError("unterminated quoted field")
                if text[i] == '"':
                    if i + 1 < n and text[i + 1] == '"':
                        chars.append('"')
                        i += 2
                        continue
                    i += 1
                    break
                chars.append(text[i])
                i += 1
            if i < n and text[i] not in ",\n":
                raise ValueError(f"unexpected {text[i]!r} after a closing quote")
            row.append("".join(chars))
        else:
            j = i
            while j < n and text[j] not in ",\n":
                j += 1
            row.append(text[i:j])
            i = j
        if i >= n:
            rows.append(row)
            return rows
        if text[i] == ",":
            i += 1
            continue
        rows.append(row)
        row = []
        i += 1
        if i >= n:
            return rows
