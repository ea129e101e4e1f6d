import pytest
from knapsack import knapsack


@pytest.mark.parametrize(
    "items, capacity, expected",
    [
        ([(1, 1), (3, 4), (4, 5), (5, 7)], 7, 9),
        ([], 10, 0),
        ([(5, 10)], 4, 0),
        ([(5, 10)], 5, 10),
        ([(10, 60), (20, 100), (30, 120)], 50, 220),
        ([(2, 3), (2, 3), (2, 3)], 4, 6),
        ([(1, 2), (2, 3), (3, 4), (4, 5)], 0, 0),
        ([(3, 5), (3, 5), (4, 9)], 6, 10),
    ],
)
def test_knapsack(items, capacity, expected):
    assert knapsack(items, capacity) == expected


def test_many_items():
    items = [(i % 17 + 3, (i * 37) % 41 + 1) for i in range(100)]
    assert knapsack(items, 2000) == sum(v for _, v in items)
    assert knapsack(items, 300) == 1160
