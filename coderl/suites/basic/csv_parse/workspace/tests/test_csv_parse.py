from csvparse import parse_csv


def test_simple():
    assert parse_csv("a,b\nc,d\n") == [["a", "b"], ["c", "d"]]
