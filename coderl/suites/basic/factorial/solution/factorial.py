def factorial(n: int) -> int:
    """n! for n >= 0; ValueError for a negative n."""
    if n < 0:
        raise ValueError("n must be non-negative")
    result = 1
    for i in range(2, n + 1):
        result *= i
    return result
