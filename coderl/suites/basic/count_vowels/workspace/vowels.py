def count_vowels(text: str) -> int:
    """How many of a, e, i, o, u (any case) ``text`` contains."""
    raise NotImplementedError
