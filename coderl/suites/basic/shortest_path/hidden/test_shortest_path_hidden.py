from itertools import pairwise

import pytest
from paths import shortest_path

EDGES = [("a", "b", 1), ("b", "c", 2), ("a", "c", 5), ("c", "d", 1), ("b", "d", 7)]


@pytest.mark.parametrize(
    "start, goal, expected",
    [
        ("a", "d", (4, ["a", "b", "c", "d"])),
        ("a", "c", (3, ["a", "b", "c"])),
        ("b", "d", (3, ["b", "c", "d"])),
        ("d", "a", None),
        ("a", "a", (0, ["a"])),
        ("a", "zz", None),
        ("c", "d", (1, ["c", "d"])),
    ],
)
def test_shortest_path(start, goal, expected):
    assert shortest_path(EDGES, start, goal) == expected


def test_zero_weights_and_detour():
    edges = [("s", "x", 10), ("s", "y", 0), ("y", "z", 0), ("z", "x", 3), ("x", "t", 1)]
    assert shortest_path(edges, "s", "t") == (4, ["s", "y", "z", "x", "t"])


def test_grid():
    edges = []
    for r in range(20):
        for c in range(20):
            if c < 19:
                edges.append((f"{r},{c}", f"{r},{c + 1}", 1 + (r * c) % 3))
            if r < 19:
                edges.append((f"{r},{c}", f"{r + 1},{c}", 2 + (r + c) % 2))
    cost, path = shortest_path(edges, "0,0", "19,19")
    weights = {(s, t): w for s, t, w in edges}
    assert cost == 63
    assert path[0] == "0,0" and path[-1] == "19,19"
    assert sum(weights[(a, b)] for a, b in pairwise(path)) == 63
