import re

_WORD = re.compile(r"[a-z0-9']+")


def tokenize(text: str) -> list[str]:
    """Lowercased words of ``text`` (letters, digits, inner apostrophes)."""
    words = (w.strip("'") for w in _WORD.findall(text.lower()))
    return [w for w in words if w]
