def fib(n: int) -> int:
    """The n-th Fibonacci number (fib(0) = 0, fib(1) = 1); ValueError for a negative n."""
    raise NotImplementedError
