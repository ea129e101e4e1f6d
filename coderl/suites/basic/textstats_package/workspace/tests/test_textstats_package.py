from textstats import tokenize, word_count


def test_basics():
    assert tokenize("Hello world") == ["hello", "world"]
    assert word_count("Hello world") == 2
