import pytest
from wordfreq import word_freq


@pytest.mark.parametrize(
    "text, expected",
    [
        ("", {}),
        ("a a b", {"a": 2, "b": 1}),
        ("Hello, hello! HELLO?", {"hello": 3}),
        ("don't stop", {"don't": 1, "stop": 1}),
        ("-- ... !!", {}),
        ("The cat and the hat.", {"the": 2, "cat": 1, "and": 1, "hat": 1}),
        ("  spaced\tout\nwords  ", {"spaced": 1, "out": 1, "words": 1}),
    ],
)
def test_word_freq(text, expected):
    assert word_freq(text) == expected
