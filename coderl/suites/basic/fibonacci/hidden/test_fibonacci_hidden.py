import pytest
from fib import fib


@pytest.mark.parametrize(
    "n, expected", [(0, 0), (1, 1), (2, 1), (3, 2), (10, 55), (20, 6765), (50, 12586269025), (90, 2880067194370816120)]
)
def test_fib(n, expected):
    assert fib(n) == expected


def test_fast_for_large_n():
    assert fib(300) == 222232244629420445529739893461909967206666939096499764990979600


def test_negative_raises():
    with pytest.raises(ValueError):
        fib(-1)
