def transpose(m: list[list[int]]) -> list[list[int]]:
    """The transpose of ``m``."""
    return [list(col) for col in zip(*m, strict=True)]


def matmul(a: list[list[int]], b: list[list[int]]) -> list[list[int]]:
    """The product ``a @ b``; ValueError on mismatched shapes."""
    if not a or not b or len(a[0]) != len(b):
        raise ValueError("shapes do not match")
    cols = transpose(b)
    return [[sum(x * y for x, y in zip(row, col, strict=True)) for col in cols] for row in a]


def identity(n: int) -> list[list[int]]:
    """The n x n identity matrix."""
    return [[1 if i == j else 0 for j in range(n)] for i in range(n)]
