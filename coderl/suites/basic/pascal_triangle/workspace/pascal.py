def pascal(n: int) -> list[list[int]]:
    """The first ``n`` rows of Pascal's triangle."""
    raise NotImplementedError
