def wrap(text: str, width: int) -> list[str]:
    """Greedy word wrap of ``text`` to lines of at most ``width`` characters."""
    raise NotImplementedError
