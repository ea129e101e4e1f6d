import pytest
from cipher import decrypt, encrypt


@pytest.mark.parametrize(
    "text, shift, expected",
    [
        ("abc", 1, "bcd"),
        ("xyz", 3, "abc"),
        ("Hello, World!", 5, "Mjqqt, Btwqi!"),
        ("abc", 26, "abc"),
        ("abc", -1, "zab"),
        ("ABC", 27, "BCD"),
        ("café 42", 1, "dbgé 42"),
        ("", 7, ""),
    ],
)
def test_encrypt(text, shift, expected):
    assert encrypt(text, shift) == expected


@pytest.mark.parametrize("shift", [0, 3, 13, -5, 100])
def test_round_trip(shift):
    text = "The Quick Brown Fox, 1999!"
    assert decrypt(encrypt(text, shift), shift) == text


def test_decrypt():
    assert decrypt("Mjqqt", 5) == "Hello"
