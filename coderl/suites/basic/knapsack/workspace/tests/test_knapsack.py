from knapsack import knapsack


def test_small():
    assert knapsack([(1, 1), (3, 4), (4, 5), (5, 7)], 7) == 9
