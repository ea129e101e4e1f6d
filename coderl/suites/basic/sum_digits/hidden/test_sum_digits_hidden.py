import pytest
from digits import sum_digits


@pytest.mark.parametrize(
    "n, expected",
    [(0, 0), (5, 5), (123, 6), (-123, 6), (9999, 36), (1000000, 1), (987654321, 45), (10**30 - 1, 270)],
)
def test_sum_digits(n, expected):
    assert sum_digits(n) == expected
