def spiral_order(matrix: list[list[int]]) -> list[int]:
    """The elements of ``matrix`` in clockwise spiral order."""
    raise NotImplementedError
