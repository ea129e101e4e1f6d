from vowels import count_vowels


def test_hello():
    assert count_vowels("hello") == 2
