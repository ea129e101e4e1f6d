from paths import shortest_path


def test_direct():
    assert shortest_path([("a", "b", 2)], "a", "b") == (2, ["a", "b"])
