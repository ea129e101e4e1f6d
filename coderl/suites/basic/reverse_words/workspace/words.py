def reverse_words(text: str) -> str:
    """The words of ``text`` in reverse order, joined by single spaces."""
    raise NotImplementedError
