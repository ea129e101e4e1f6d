from brackets import is_balanced


def test_simple():
    assert is_balanced("([])") is True
