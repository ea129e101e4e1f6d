from two_sum import two_sum


def test_classic():
    assert two_sum([2, 7, 11, 15], 9) == (0, 1)
