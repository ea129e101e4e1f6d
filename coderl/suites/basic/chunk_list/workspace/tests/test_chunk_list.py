from chunks import chunk


def test_pairs():
    assert chunk([1, 2, 3, 4], 2) == [[1, 2], [3, 4]]
