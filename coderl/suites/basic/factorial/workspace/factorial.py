def factorial(n: int) -> int:
    """n! for n >= 0; ValueError for a negative n."""
    raise NotImplementedError
