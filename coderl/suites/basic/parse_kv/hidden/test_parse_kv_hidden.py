import pytest
from kvparse import parse_kv


@pytest.mark.parametrize(
    "text, expected",
    [
        ("a=1; b=2", {"a": "1", "b": "2"}),
        ("", {}),
        (" ; ;", {}),
        ("x = hello world ;", {"x": "hello world"}),
        ("k=v=w", {"k": "v=w"}),
        ("a=1;a=2", {"a": "2"}),
        ("empty=", {"empty": ""}),
        ("n=1;  m = 2 ;o=3", {"n": "1", "m": "2", "o": "3"}),
    ],
)
def test_parse_kv(text, expected):
    assert parse_kv(text) == expected


@pytest.mark.parametrize("text", ["novalue", "=3", "a=1;b", " = x"])
def test_parse_kv_rejects(text):
    with pytest.raises(ValueError):
        parse_kv(text)
