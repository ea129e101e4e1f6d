import pytest
from intervals import merge


@pytest.mark.parametrize(
    "intervals, expected",
    [
        ([(1, 3), (2, 6), (8, 10), (15, 18)], [(1, 6), (8, 10), (15, 18)]),
        ([(1, 4), (4, 5)], [(1, 5)]),
        ([], []),
        ([(5, 6), (1, 2)], [(1, 2), (5, 6)]),
        ([(1, 10), (2, 3), (4, 5)], [(1, 10)]),
        ([(3, 3)], [(3, 3)]),
        ([(1, 2), (3, 4)], [(1, 2), (3, 4)]),
        ([(6, 8), (1, 9), (2, 4)], [(1, 9)]),
        ([(-5, -1), (-2, 0)], [(-5, 0)]),
    ],
)
def test_merge(intervals, expected):
    assert merge(intervals) == expected


def test_input_unchanged():
    intervals = [(5, 6), (1, 2)]
    merge(intervals)
    assert intervals == [(5, 6), (1, 2)]
