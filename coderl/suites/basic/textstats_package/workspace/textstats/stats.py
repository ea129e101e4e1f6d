def word_count(text: str) -> int:
    """How many words ``text`` has."""
    raise NotImplementedError


def unique_words(text: str) -> list[str]:
    """The distinct words of ``text``, sorted."""
    raise NotImplementedError


def most_common(text: str, n: int) -> list[tuple[str, int]]:
    """The ``n`` most frequent words with their counts (count descending, then word)."""
    raise NotImplementedError
