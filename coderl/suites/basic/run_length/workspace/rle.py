def encode(text: str) -> str:
    """Run-length encode ``text``: "aaab" -> "3a1b"."""
    raise NotImplementedError


def decode(code: str) -> str:
    """Invert ``encode``; ValueError for a malformed code."""
    raise NotImplementedError
