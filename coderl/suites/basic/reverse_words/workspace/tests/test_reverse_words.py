from words import reverse_words


def test_two_words():
    assert reverse_words("hello world") == "world hello"
