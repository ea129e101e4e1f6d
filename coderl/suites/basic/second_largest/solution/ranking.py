def second_largest(nums: list[int]) -> int | None:
    """The second largest distinct value of ``nums``, or None."""
    distinct = sorted(set(nums), reverse=True)
    return distinct[1] if len(distinct) >= 2 else None
