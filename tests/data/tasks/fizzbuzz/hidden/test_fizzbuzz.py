import pytest
from fizzbuzz import fizzbuzz


@pytest.mark.parametrize(
    "n, expected",
    [(1, "1"), (3, "Fizz"), (5, "Buzz"), (15, "FizzBuzz"), (22, "22"), (30, "FizzBuzz"), (99, "Fizz")],
)
def test_values(n, expected):
    assert fizzbuzz(n) == expected


def test_range():
    assert [fizzbuzz(i) for i in range(1, 6)] == ["1", "2", "Fizz", "4", "Buzz"]
