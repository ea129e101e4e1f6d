import pytest
from pascal import pascal


@pytest.mark.parametrize(
    "n, expected",
    [
        (0, []),
        (1, [[1]]),
        (2, [[1], [1, 1]]),
        (5, [[1], [1, 1], [1, 2, 1], [1, 3, 3, 1], [1, 4, 6, 4, 1]]),
    ],
)
def test_pascal(n, expected):
    assert pascal(n) == expected


def test_tenth_row():
    rows = pascal(10)
    assert len(rows) == 10
    assert rows[-1] == [1, 9, 36, 84, 126, 126, 84, 36, 9, 1]


def test_row_sums():
    assert [sum(row) for row in pascal(12)] == [2**i for i in range(12)]
