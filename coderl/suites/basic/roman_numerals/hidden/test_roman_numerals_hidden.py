import pytest
from roman import from_roman, to_roman

PAIRS = [
    (1, "I"),
    (4, "IV"),
    (9, "IX"),
    (14, "XIV"),
    (40, "XL"),
    (90, "XC"),
    (400, "CD"),
    (1994, "MCMXCIV"),
    (2024, "MMXXIV"),
    (3999, "MMMCMXCIX"),
]


@pytest.mark.parametrize("n, text", PAIRS)
def test_to_roman(n, text):
    assert to_roman(n) == text


@pytest.mark.parametrize("n, text", PAIRS)
def test_from_roman(n, text):
    assert from_roman(text) == n


@pytest.mark.parametrize("n", [0, -1, 4000])
def test_to_roman_out_of_range(n):
    with pytest.raises(ValueError):
        to_roman(n)


@pytest.mark.parametrize("text", ["IIII", "IC", "", "ABC", "xiv", "MMMM", "VX"])
def test_from_roman_rejects(text):
    with pytest.raises(ValueError):
        from_roman(text)
