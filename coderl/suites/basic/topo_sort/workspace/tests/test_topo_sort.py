from toposort import topo_sort


def test_chain():
    assert topo_sort({"b": ["a"], "c": ["b"]}) == ["a", "b", "c"]
