import pytest
from textstats import most_common, unique_words, word_count
from textstats.tokens import tokenize


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Hello, World!", ["hello", "world"]),
        ("", []),
        ("It's 'quoted' don't", ["it's", "quoted", "don't"]),
        ("a1 b2-c3", ["a1", "b2", "c3"]),
        ("'' ---", []),
        ("café au lait", ["caf", "au", "lait"]),
    ],
)
def test_tokenize(text, expected):
    assert tokenize(text) == expected


def test_word_count():
    assert word_count("one two, three... four!") == 4
    assert word_count("  ") == 0


def test_unique_words():
    assert unique_words("b a B c a") == ["a", "b", "c"]


def test_most_common():
    text = "the cat and the dog and the bird"
    assert most_common(text, 2) == [("the", 3), ("and", 2)]
    assert most_common(text, 10) == [("the", 3), ("and", 2), ("bird", 1), ("cat", 1), ("dog", 1)]
    assert most_common("", 3) == []
