def second_largest(nums: list[int]) -> int | None:
    """The second largest distinct value of ``nums``, or None."""
    raise NotImplementedError
