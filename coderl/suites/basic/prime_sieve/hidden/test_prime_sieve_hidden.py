import pytest
from sieve import is_prime, primes_up_to


@pytest.mark.parametrize(
    "n, expected",
    [(0, []), (1, []), (2, [2]), (10, [2, 3, 5, 7]), (30, [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]), (-5, [])],
)
def test_primes_up_to(n, expected):
    assert primes_up_to(n) == expected


def test_prime_counts():
    assert len(primes_up_to(10_000)) == 1229
    primes = primes_up_to(1_000_000)
    assert len(primes) == 78498
    assert primes[-1] == 999983


@pytest.mark.parametrize(
    "n, expected",
    [
        (-7, False),
        (0, False),
        (1, False),
        (2, True),
        (9, False),
        (97, True),
        (100, False),
        (7919, True),
        (999_999_999_989, True),
        (999_999_999_991, False),
    ],
)
def test_is_prime(n, expected):
    assert is_prime(n) == expected
