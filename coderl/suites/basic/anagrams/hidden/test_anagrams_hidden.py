import pytest
from anagram import group_anagrams, is_anagram


@pytest.mark.parametrize(
    "a, b, expected",
    [
        ("listen", "silent", True),
        ("Dormitory", "dirty room", True),
        ("hello", "world", False),
        ("", "", True),
        ("a", "aa", False),
        ("The eyes", "They see", True),
        ("abc", "abd", False),
    ],
)
def test_is_anagram(a, b, expected):
    assert is_anagram(a, b) == expected


@pytest.mark.parametrize(
    "words, expected",
    [
        (["eat", "tea", "tan", "ate", "nat", "bat"], [["eat", "tea", "ate"], ["tan", "nat"], ["bat"]]),
        ([], []),
        (["a"], [["a"]]),
        (["ab", "BA", "abc"], [["ab", "BA"], ["abc"]]),
        (["x", "y", "x"], [["x", "x"], ["y"]]),
    ],
)
def test_group_anagrams(words, expected):
    assert group_anagrams(words) == expected
