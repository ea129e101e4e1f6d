import pytest
from number_words import to_words


@pytest.mark.parametrize(
    "n, words",
    [
        (0, "zero"),
        (7, "seven"),
        (13, "thirteen"),
        (20, "twenty"),
        (42, "forty-two"),
        (100, "one hundred"),
        (101, "one hundred one"),
        (999, "nine hundred ninety-nine"),
        (1000, "one thousand"),
        (1001, "one thousand one"),
        (12345, "twelve thousand three hundred forty-five"),
        (100000, "one hundred thousand"),
        (999999, "nine hundred ninety-nine thousand nine hundred ninety-nine"),
    ],
)
def test_to_words(n, words):
    assert to_words(n) == words


@pytest.mark.parametrize("n", [-1, 1_000_000])
def test_out_of_range(n):
    with pytest.raises(ValueError):
        to_words(n)
