from matrix import identity, transpose


def test_basics():
    assert transpose([[1, 2], [3, 4]]) == [[1, 3], [2, 4]]
    assert identity(2) == [[1, 0], [0, 1]]
