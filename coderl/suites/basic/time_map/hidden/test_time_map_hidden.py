import pytest
from timemap import TimeMap


@pytest.fixture
def tm():
    m = TimeMap()
    m.set("color", "red", 10)
    m.set("color", "blue", 20)
    m.set("color", "green", 15)
    m.set("size", 3, 5)
    return m


@pytest.mark.parametrize(
    "key, timestamp, expected",
    [
        ("color", 9, None),
        ("color", 10, "red"),
        ("color", 14, "red"),
        ("color", 15, "green"),
        ("color", 19, "green"),
        ("color", 100, "blue"),
        ("size", 5, 3),
        ("missing", 50, None),
    ],
)
def test_get(tm, key, timestamp, expected):
    assert tm.get(key, timestamp) == expected


def test_overwrite_same_timestamp(tm):
    tm.set("color", "black", 15)
    assert tm.get("color", 16) == "black"
    assert tm.get("color", 10) == "red"


def test_many_values():
    m = TimeMap()
    for t in range(0, 10000, 2):
        m.set("k", t, t)
    assert m.get("k", 5001) == 5000
    assert m.get("k", -1) is None
