import pytest
from ini import parse_ini

SAMPLE = """
; settings
name = demo

[server]
host = example.org
port=8080
# comment
[paths]
root = /srv/app = main

[server]
port = 9090
[empty]
"""


def test_sample():
    assert parse_ini(SAMPLE) == {
        "": {"name": "demo"},
        "server": {"host": "example.org", "port": "9090"},
        "paths": {"root": "/srv/app = main"},
        "empty": {},
    }


@pytest.mark.parametrize(
    "text, expected",
    [
        ("", {}),
        ("# only a comment\n\n", {}),
        ("[ spaced ]\n k =  v  ", {"spaced": {"k": "v"}}),
        ("a=1\na=2", {"": {"a": "2"}}),
        ("[s]\nkey=", {"s": {"key": ""}}),
    ],
)
def test_small_inputs(text, expected):
    assert parse_ini(text) == expected


@pytest.mark.parametrize("text", ["just words", "[s]\n= value", "[s]\nnovalue"])
def test_rejects(text):
    with pytest.raises(ValueError):
        parse_ini(text)
