from wrap import wrap


def test_two_lines():
    assert wrap("one two", 6) == ["one", "two"]
