import pytest
from leap import is_leap_year


@pytest.mark.parametrize(
    "year, expected",
    [(2000, True), (1900, False), (2004, True), (2023, False), (2400, True), (2100, False), (1996, True), (1, False)],
)
def test_is_leap_year(year, expected):
    assert is_leap_year(year) == expected
