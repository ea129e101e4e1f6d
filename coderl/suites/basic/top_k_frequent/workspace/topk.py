def top_k(words: list[str], k: int) -> list[str]:
    """The ``k`` most frequent words, ties broken alphabetically."""
    raise NotImplementedError
