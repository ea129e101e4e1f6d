from wordfreq import word_freq


def test_simple():
    assert word_freq("a a b") == {"a": 2, "b": 1}
