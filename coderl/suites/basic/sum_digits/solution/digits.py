def sum_digits(n: int) -> int:
    """The sum of the decimal digits of ``abs(n)``."""
    total = 0
    n = abs(n)
    while n:
        n, digit = divmod(n, 10)
        total += digit
    return total
