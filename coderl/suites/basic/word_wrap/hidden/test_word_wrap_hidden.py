import pytest
from wrap import wrap


@pytest.mark.parametrize(
    "text, width, expected",
    [
        (
            "the quick brown fox jumps over the lazy dog",
            10,
            ["the quick", "brown fox", "jumps over", "the lazy", "dog"],
        ),
        ("", 5, []),
        ("   ", 5, []),
        ("hello", 3, ["hello"]),
        ("a b c d", 3, ["a b", "c d"]),
        ("one two", 7, ["one two"]),
        ("one two", 6, ["one", "two"]),
        ("  spaced   out  words ", 9, ["spaced", "out words"]),
        ("x extraordinarily y", 5, ["x", "extraordinarily", "y"]),
    ],
)
def test_wrap(text, width, expected):
    assert wrap(text, width) == expected


@pytest.mark.parametrize("width", [0, -3])
def test_bad_width(width):
    with pytest.raises(ValueError):
        wrap("a b", width)
