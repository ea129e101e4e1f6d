from cipher import decrypt, encrypt


def test_abc():
    assert encrypt("abc", 1) == "bcd"
    assert decrypt("bcd", 1) == "abc"
