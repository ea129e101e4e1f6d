def edit_distance(a: str, b: str) -> int:
    """The Levenshtein distance between ``a`` and ``b``."""
    raise NotImplementedError
