from ranking import second_largest


def test_simple():
    assert second_largest([1, 2, 3]) == 2
