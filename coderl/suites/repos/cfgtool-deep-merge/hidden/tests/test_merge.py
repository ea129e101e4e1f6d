from cfgtool.loader import parse_layer
from cfgtool.merge import merge, merge_all


def test_parse_layer():
    assert parse_layer("db.host = a  # comment\ndb.port = 5432\n") == {"db": {"host": "a", "port": "5432"}}


def test_flat_override():
    assert merge({"a": 1, "b": 2}, {"b": 3}) == {"a": 1, "b": 3}


def test_inputs_unchanged():
    base, over = {"a": {"x": 1}}, {"a": 2}
    merge(base, over)
    assert base == {"a": {"x": 1}} and over == {"a": 2}


def test_nested_sections_merge():
    base = parse_layer("db.host = localhost\ndb.port = 5432\nlog.level = info\n")
    prod = parse_layer("db.host = db.internal\n")
    assert merge(base, prod) == {"db": {"host": "db.internal", "port": "5432"}, "log": {"level": "info"}}


def test_merge_all_three_layers_deep():
    layers = [{"a": {"b": {"c": 1, "d": 2}}}, {"a": {"b": {"d": 3}}}, {"a": {"e": 4}}]
    assert merge_all(layers) == {"a": {"b": {"c": 1, "d": 3}, "e": 4}}
    assert layers[0] == {"a": {"b": {"c": 1, "d": 2}}}
