import pytest
from lru import LRUCache


def test_eviction_order():
    cache = LRUCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1
    cache.put("c", 3)
    assert "b" not in cache
    assert cache.get("b") is None
    assert cache.keys() == ["a", "c"]


def test_update_refreshes():
    cache = LRUCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    cache.put("a", 10)
    cache.put("c", 3)
    assert cache.keys() == ["a", "c"]
    assert cache.get("a") == 10


def test_get_default():
    cache = LRUCache(1)
    assert cache.get("missing", "dflt") == "dflt"
    assert cache.get("missing") is None
    assert len(cache) == 0


def test_contains_is_not_a_use():
    cache = LRUCache(2)
    cache.put(1, "x")
    cache.put(2, "y")
    assert 1 in cache
    cache.put(3, "z")
    assert cache.keys() == [2, 3]


def test_capacity_one():
    cache = LRUCache(1)
    for i in range(5):
        cache.put(i, i * i)
    assert len(cache) == 1
    assert cache.keys() == [4]
    assert cache.get(4) == 16


def test_long_sequence():
    cache = LRUCache(3)
    for key in "abcabdeab":
        if cache.get(key) is None:
            cache.put(key, key.upper())
    assert cache.keys() == ["e", "a", "b"]
    assert len(cache) == 3


@pytest.mark.parametrize("capacity", [0, -1])
def test_bad_capacity(capacity):
    with pytest.raises(ValueError):
        LRUCache(capacity)
