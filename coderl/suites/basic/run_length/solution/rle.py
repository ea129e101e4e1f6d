from itertools import groupby


def encode(text: str) -> str:
    """Run-length encode ``text``: "aaab" -> "3a1b"."""
    return "".join(f"{len(list(run))}{char}" for char, run in groupby(text))


def decode(code: str) -> str:
    """Invert ``encode``; ValueError for a malformed code."""
    out = []
    count = ""
    for c in code:
        if c in "0123456789":
            count += c
        else:
            if not count:
                raise ValueError(f"character {c!r} has no count")
            out.append(c * int(count))
            count = ""
    if count:
        raise ValueError("code ends with a count")
    return "".join(out)
