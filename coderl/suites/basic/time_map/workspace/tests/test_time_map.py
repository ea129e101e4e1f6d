from timemap import TimeMap


def test_latest():
    tm = TimeMap()
    tm.set("k", "v1", 1)
    assert tm.get("k", 5) == "v1"
