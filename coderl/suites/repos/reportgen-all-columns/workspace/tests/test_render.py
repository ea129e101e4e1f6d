from reportgen.columns import column_order
from reportgen.render import render


def test_render_simple():
    text = render([{"name": "a", "n": 1}, {"name": "bb", "n": 22}])
    assert text.splitlines() == ["name      n", "------  ---", "a         1", "bb       22"]


def test_empty():
    assert render([]) == ""


def test_order_of_first_record():
    assert column_order([{"b": 1, "a": 2}]) == ["b", "a"]
