def chunk(items: list, size: int) -> list[list]:
    """``items`` in consecutive pieces of ``size`` (the last may be shorter)."""
    raise NotImplementedError
