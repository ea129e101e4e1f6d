from pascal import pascal


def test_three_rows():
    assert pascal(3) == [[1], [1, 1], [1, 2, 1]]
