import pytest
from words import reverse_words


@pytest.mark.parametrize(
    "text, expected",
    [
        ("hello world", "world hello"),
        ("one", "one"),
        ("", ""),
        ("   ", ""),
        ("  a  b   c ", "c b a"),
        ("the quick brown fox", "fox brown quick the"),
        ("tab\tsep\nline", "line sep tab"),
        ("Hello, World!", "World! Hello,"),
    ],
)
def test_reverse_words(text, expected):
    assert reverse_words(text) == expected
