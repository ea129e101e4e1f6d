import pytest
from gcdlcm import gcd, lcm


@pytest.mark.parametrize(
    "a, b, expected", [(12, 18, 6), (17, 5, 1), (0, 7, 7), (7, 0, 7), (0, 0, 0), (-12, 18, 6), (100, 75, 25)]
)
def test_gcd(a, b, expected):
    assert gcd(a, b) == expected


@pytest.mark.parametrize("a, b, expected", [(4, 6, 12), (5, 7, 35), (0, 3, 0), (-4, 6, 12), (21, 6, 42), (1, 1, 1)])
def test_lcm(a, b, expected):
    assert lcm(a, b) == expected
