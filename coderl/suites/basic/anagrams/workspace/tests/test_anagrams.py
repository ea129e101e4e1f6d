from anagram import is_anagram


def test_listen_silent():
    assert is_anagram("listen", "silent") is True
