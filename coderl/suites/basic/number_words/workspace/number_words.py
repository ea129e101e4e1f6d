def to_words(n: int) -> str:
    """English words for 0 <= n <= 999999."""
    raise NotImplementedError
