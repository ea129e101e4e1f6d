from palindrome import is_palindrome


def test_racecar():
    assert is_palindrome("racecar") is True
    assert is_palindrome("hello") is False
