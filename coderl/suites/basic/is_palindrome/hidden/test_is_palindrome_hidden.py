import pytest
from palindrome import is_palindrome


@pytest.mark.parametrize(
    "text, expected",
    [
        ("racecar", True),
        ("RaceCar", True),
        ("A man, a plan, a canal: Panama", True),
        ("No 'x' in Nixon", True),
        ("hello", False),
        ("", True),
        ("ab", False),
        ("12321", True),
        ("123", False),
        ("!!", True),
    ],
)
def test_is_palindrome(text, expected):
    assert is_palindrome(text) == expected
