import pytest
from vowels import count_vowels


@pytest.mark.parametrize(
    "text, expected",
    [
        ("hello", 2),
        ("", 0),
        ("AEIOU", 5),
        ("rhythm", 0),
        ("Programming is fun", 5),
        ("Queueing", 5),
        ("xyz", 0),
        ("A quick brown fox", 5),
    ],
)
def test_count_vowels(text, expected):
    assert count_vowels(text) == expected
