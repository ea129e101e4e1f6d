import string


def word_freq(text: str) -> dict[str, int]:
    """How often each (lowercased, punctuation-stripped) word occurs in ``text``."""
    counts: dict[str, int] = {}
    for raw in text.split():
        word = raw.strip(string.punctuation).lower()
        if word:
            counts[word] = counts.get(word, 0) + 1
    return counts
