import pytest
from rle import decode, encode


@pytest.mark.parametrize(
    "text, code",
    [
        ("", ""),
        ("a", "1a"),
        ("aaabcc", "3a1b2c"),
        ("aaaaaaaaaaaa", "12a"),
        ("abab", "1a1b1a1b"),
        ("  !!", "2 2!"),
        ("AAa", "2A1a"),
    ],
)
def test_encode_and_decode(text, code):
    assert encode(text) == code
    assert decode(code) == text


def test_decode_long_counts():
    assert decode("10x2y") == "x" * 10 + "yy"


@pytest.mark.parametrize("code", ["a", "3", "a3", "2a5"])
def test_decode_rejects(code):
    with pytest.raises(ValueError):
        decode(code)
