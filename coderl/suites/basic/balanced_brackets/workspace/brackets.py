def is_balanced(text: str) -> bool:
    """Whether the (), [] and {} brackets of ``text`` are balanced and nested."""
    raise NotImplementedError
