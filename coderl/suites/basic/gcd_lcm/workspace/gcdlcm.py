def gcd(a: int, b: int) -> int:
    """The greatest common divisor of ``a`` and ``b``, never negative."""
    raise NotImplementedError


def lcm(a: int, b: int) -> int:
    """The least common multiple of ``a`` and ``b``, never negative; 0 when either is 0."""
    raise NotImplementedError
