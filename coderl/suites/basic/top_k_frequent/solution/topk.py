from collections import Counter


def top_k(words: list[str], k: int) -> list[str]:
    """The ``k`` most frequent words, ties broken alphabetically."""
    counts = Counter(words)
    ranked = sorted(counts, key=lambda w: (-counts[w], w))
    return ranked[:k]
