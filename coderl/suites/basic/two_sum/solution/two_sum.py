def two_sum(nums: list[int], target: int) -> tuple[int, int] | None:
    """Indices (i, j), i < j, of two values adding up to ``target`` (smallest j, then smallest i)."""
    first: dict[int, int] = {}
    for j, value in enumerate(nums):
        i = first.get(target - value)
        if i is not None:
            return (i, j)
        first.setdefault(value, j)
    return None
