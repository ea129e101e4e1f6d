from digits import sum_digits


def test_small():
    assert sum_digits(123) == 6
