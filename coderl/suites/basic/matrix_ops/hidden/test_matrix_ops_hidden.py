import pytest
from matrix import identity, matmul, transpose


@pytest.mark.parametrize(
    "m, expected",
    [
        ([[1, 2, 3], [4, 5, 6]], [[1, 4], [2, 5], [3, 6]]),
        ([], []),
        ([[1]], [[1]]),
        ([[1, 2]], [[1], [2]]),
    ],
)
def test_transpose(m, expected):
    assert transpose(m) == expected


@pytest.mark.parametrize(
    "a, b, expected",
    [
        ([[1, 2], [3, 4]], [[5, 6], [7, 8]], [[19, 22], [43, 50]]),
        ([[1, 2, 3]], [[1], [2], [3]], [[14]]),
        ([[1], [2]], [[3, 4]], [[3, 4], [6, 8]]),
        ([[2, 0], [0, 2]], [[1, -1], [3, 5]], [[2, -2], [6, 10]]),
    ],
)
def test_matmul(a, b, expected):
    assert matmul(a, b) == expected


def test_matmul_shape_mismatch():
    with pytest.raises(ValueError):
        matmul([[1, 2]], [[1, 2]])


def test_identity():
    assert identity(3) == [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    m = [[1, 2, 3], [4, 5, 6]]
    assert matmul(m, identity(3)) == m
    assert matmul(identity(2), m) == m
