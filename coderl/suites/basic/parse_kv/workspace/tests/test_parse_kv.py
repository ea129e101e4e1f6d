from kvparse import parse_kv


def test_two_pairs():
    assert parse_kv("a=1; b=2") == {"a": "1", "b": "2"}
