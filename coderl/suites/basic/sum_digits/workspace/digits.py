def sum_digits(n: int) -> int:
    """The sum of the decimal digits of ``abs(n)``."""
    raise NotImplementedError
