def transpose(m: list[list[int]]) -> list[list[int]]:
    """The transpose of ``m``."""
    raise NotImplementedError


def matmul(a: list[list[int]], b: list[list[int]]) -> list[list[int]]:
    """The product ``a @ b``; ValueError on mismatched shapes."""
    raise NotImplementedError


def identity(n: int) -> list[list[int]]:
    """The n x n identity matrix."""
    raise NotImplementedError
