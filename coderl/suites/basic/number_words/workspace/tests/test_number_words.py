from number_words import to_words


def test_forty_two():
    assert to_words(42) == "forty-two"
