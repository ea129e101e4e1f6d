from spiral import spiral_order


def test_square():
    assert spiral_order([[1, 2], [3, 4]]) == [1, 2, 4, 3]
