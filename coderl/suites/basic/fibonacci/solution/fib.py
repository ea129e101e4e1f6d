def fib(n: int) -> int:
    """The n-th Fibonacci number (fib(0) = 0, fib(1) = 1); ValueError for a negative n."""
    if n < 0:
        raise ValueError("n must be non-negative")
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a
