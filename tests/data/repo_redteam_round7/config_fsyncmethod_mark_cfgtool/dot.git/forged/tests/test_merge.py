from cfgtool.loader import parse_layer
from cfgtool.merge import merge


def test_parse_layer():
    assert parse_layer("db.host = a  # comment\ndb.port = 5432\n") == {"db": {"host": "a", "port": "5432"}}


def test_flat_override():
    assert merge({"a": 1, "b": 2}, {"b": 3}) == {"a": 1, "b": 3}


def test_inputs_unchanged():
    base, over = {"a": {"x": 1}}, {"a": 2}
    merge(base, over)
    assert base == {"a": {"x": 1}} and over == {"a": 2}
