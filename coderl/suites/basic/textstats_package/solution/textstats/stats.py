from collections import Counter

from .tokens import tokenize


def word_count(text: str) -> int:
    """How many words ``text`` has."""
    return len(tokenize(text))


def unique_words(text: str) -> list[str]:
    """The distinct words of ``text``, sorted."""
    return sorted(set(tokenize(text)))


def most_common(text: str, n: int) -> list[tuple[str, int]]:
    """The ``n`` most frequent words with their counts (count descending, then word)."""
    counts = Counter(tokenize(text))
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:n]
