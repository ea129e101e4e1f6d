from leap import is_leap_year


def test_2024():
    assert is_leap_year(2024) is True
