def dedupe(items: list) -> list:
    """``items`` without repeats, first occurrences kept in order."""
    raise NotImplementedError
