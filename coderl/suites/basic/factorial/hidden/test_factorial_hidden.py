import pytest
from factorial import factorial


@pytest.mark.parametrize("n, expected", [(0, 1), (1, 1), (2, 2), (5, 120), (10, 3628800), (20, 2432902008176640000)])
def test_factorial(n, expected):
    assert factorial(n) == expected


def test_large():
    assert factorial(30) == 265252859812191058636308480000000


@pytest.mark.parametrize("n", [-1, -10])
def test_negative_raises(n):
    with pytest.raises(ValueError):
        factorial(n)
