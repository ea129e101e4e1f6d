import pytest
from toposort import topo_sort


@pytest.mark.parametrize(
    "graph, expected",
    [
        ({"b": ["a"], "c": ["b"]}, ["a", "b", "c"]),
        ({}, []),
        ({"a": []}, ["a"]),
        ({"app": ["lib", "utils"], "lib": ["utils"]}, ["utils", "lib", "app"]),
        ({"x": [], "y": [], "a": []}, ["a", "x", "y"]),
        ({"d": ["b", "c"], "b": ["a"], "c": ["a"]}, ["a", "b", "c", "d"]),
        ({"c": [], "b": [], "a": ["c"]}, ["b", "c", "a"]),
        ({"z": ["m"], "m": [], "b": ["z"]}, ["m", "z", "b"]),
    ],
)
def test_topo_sort(graph, expected):
    assert topo_sort(graph) == expected


@pytest.mark.parametrize(
    "graph", [{"a": ["b"], "b": ["a"]}, {"a": ["a"]}, {"a": ["b"], "b": ["c"], "c": ["a"], "d": []}]
)
def test_cycle(graph):
    with pytest.raises(ValueError):
        topo_sort(graph)
