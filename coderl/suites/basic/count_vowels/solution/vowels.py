def count_vowels(text: str) -> int:
    """How many of a, e, i, o, u (any case) ``text`` contains."""
    return sum(1 for c in text.lower() if c in "aeiou")
