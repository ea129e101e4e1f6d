from gcdlcm import gcd, lcm


def test_basic():
    assert gcd(12, 18) == 6
    assert lcm(4, 6) == 12
