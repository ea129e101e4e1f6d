def word_freq(text: str) -> dict[str, int]:
    """How often each (lowercased, punctuation-stripped) word occurs in ``text``."""
    raise NotImplementedError
