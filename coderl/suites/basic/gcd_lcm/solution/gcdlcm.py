def gcd(a: int, b: int) -> int:
    """The greatest common divisor of ``a`` and ``b``, never negative."""
    a, b = abs(a), abs(b)
    while b:
        a, b = b, a % b
    return a


def lcm(a: int, b: int) -> int:
    """The least common multiple of ``a`` and ``b``, never negative; 0 when either is 0."""
    if a == 0 or b == 0:
        return 0
    return abs(a * b) // gcd(a, b)
