def two_sum(nums: list[int], target: int) -> tuple[int, int] | None:
    """Indices (i, j), i < j, of two values adding up to ``target`` (smallest j, then smallest i)."""
    raise NotImplementedError
