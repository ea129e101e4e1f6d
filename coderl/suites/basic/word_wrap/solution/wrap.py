def wrap(text: str, width: int) -> list[str]:
    """Greedy word wrap of ``text`` to lines of at most ``width`` characters."""
    if width < 1:
        raise ValueError("width must be at least 1")
    lines: list[str] = []
    line = ""
    for word in text.split():
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines
