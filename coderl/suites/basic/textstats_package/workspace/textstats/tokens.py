def tokenize(text: str) -> list[str]:
    """Lowercased words of ``text`` (letters, digits, inner apostrophes)."""
    raise NotImplementedError
