import copy
import itertools
import math
import os
import random

from cfgtool.loader import parse_layer
from cfgtool.merge import merge, merge_all


def test_parse_layer():
    assert parse_layer("db.host = a  # comment\ndb.port = 5432\n") == {"db": {"host": "a", "port": "5432"}}


def test_flat_override():
    assert merge({"a": 1, "b": 2}, {"b": 3}) == {"a": 1, "b": 3}


def test_inputs_unchanged():
    base, over = {"a": {"x": 1}}, {"a": 2}
    merge(base, over)
    assert base == {"a": {"x": 1}} and over == {"a": 2}


def test_nested_sections_merge():
    base = parse_layer("db.host = localhost\ndb.port = 5432\nlog.level = info\n")
    prod = parse_layer("db.host = db.internal\n")
    assert merge(base, prod) == {"db": {"host": "db.internal", "port": "5432"}, "log": {"level": "info"}}


def test_merge_all_three_layers_deep():
    layers = [{"a": {"b": {"c": 1, "d": 2}}}, {"a": {"b": {"d": 3}}}, {"a": {"e": 4}}]
    assert merge_all(layers) == {"a": {"b": {"c": 1, "d": 3}, "e": 4}}
    assert layers[0] == {"a": {"b": {"c": 1, "d": 2}}}


def _names(rng):
    # Section and key names drawn for each grade: a merge that knows other grades' inputs does not know these.
    names = set()
    while len(names) < 4:
        names.add("".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(2, 8))))
    return sorted(names)


def _tree(rng, names, depth):
    out = {}
    for name in rng.sample(names, rng.randint(1, len(names))):
        if depth > 0 and rng.random() < 0.6:
            out[name] = _tree(rng, names, depth - 1)
        else:
            out[name] = rng.choice([rng.randint(-999, 999), "".join(rng.choice("xyz0123") for _ in range(4))])
    return out


def _layered(base, override):
    # The reference merge, made here: later layers win on leaves, sections merge recursively.
    out = dict(base)
    for key, value in override.items():
        old = out.get(key)
        out[key] = _layered(old, value) if isinstance(old, dict) and isinstance(value, dict) else value
    return out


def test_merge_any_layers_deep():
    rng = random.Random(os.urandom(16))
    names = _names(rng)
    layers = [_tree(rng, names, 3) for _ in range(rng.randint(3, 5))]
    layers[-2][names[0]] = {names[1]: {names[2]: 1, names[3]: 2}}  # a deep section the last layer touches
    layers[-1][names[0]] = {names[1]: {names[3]: rng.randint(3, 99)}}
    before = copy.deepcopy(layers)
    want = {}
    for layer in layers:
        want = _layered(want, layer)
    assert merge_all(layers) == want
    assert merge(layers[0], layers[1]) == _layered(layers[0], layers[1])
    assert layers == before
    # and one section deeper than any above, its depth drawn too: a merge that recurses only so deep is still
    # the bug below that depth (red-team round 33 stopped at eight levels)
    # and at 66, the deepest section the grading boundary carries (red-team round 35 stopped at 64 levels; a limit
    # past what the boundary carries is past anything a grade can show)
    # an empty section in the later layer keeps the earlier one's keys (round 36 recursed only into non-empty ones)
    empty = {names[0]: {names[1]: {names[2]: 1}, names[3]: 2}}
    assert merge(empty, {names[0]: {names[1]: {}}}) == _layered(empty, {names[0]: {names[1]: {}}})
    assert merge(empty, {names[0]: {}}) == empty
    for depth in (rng.randint(10, 40), 66):
        deep_base, deep_over = {names[2]: 1, names[3]: 2}, {names[3]: 3}
        for _ in range(depth):
            deep_base, deep_over = {names[0]: deep_base}, {names[0]: deep_over}
        assert merge(deep_base, deep_over) == _layered(deep_base, deep_over)


def _wide(rng, lo, hi):
    # an integer in [lo, hi], log-uniform: small values as often as large ones
    return min(hi, lo - 1 + int(math.exp(rng.uniform(0, math.log(hi - lo + 2)))))


def _leaf(rng):
    # any value a layer may hold: empty, falsy, a list, a section with nothing in it
    return rng.choice(
        [
            rng.randint(-999, 999),
            "".join(rng.choice("xyz0123") for _ in range(4)),
            "",
            0,
            None,
            False,
            True,
            1.5,
            [],
            [rng.randint(0, 9)],
            {},
        ]
    )


def _spined(rng, spine, names, depth):
    # a section `depth` levels deep along the shared spine of names, with shallow sections and leaves beside it
    out = {}
    for name in rng.sample(names, _wide(rng, 0, len(names))):
        out[name] = _leaf(rng) if rng.random() < 0.6 else {n: _leaf(rng) for n in rng.sample(names, _wide(rng, 0, 3))}
    if depth > 0 and rng.random() < 0.95:
        out[spine[depth]] = _spined(rng, spine, names, depth - 1)
    elif rng.random() < 0.5:
        out[spine[depth]] = _leaf(rng)  # a leaf where another layer has a section, or the reverse
    return out


def test_any_layers_against_a_reference():
    # Differential: layers drawn from the whole space the issue names (sections 0 to 66 levels deep, every layer
    # along the same path so that depth decides, empty sections, falsy values, sections replaced by leaves and
    # leaves by sections, one to eight layers), merged by the reference made here (`_layered`).
    rng = random.Random(os.urandom(16))
    for _ in range(40):
        names = _names(rng) + [f"k{i}" for i in range(rng.randint(0, 4))]
        depth = rng.randint(60, 66) if rng.random() < 0.25 else _wide(rng, 0, 66)
        spine = [rng.choice(names) for _ in range(depth + 1)]
        layers = [
            _spined(rng, spine, names, rng.choice([depth, _wide(rng, 0, depth)])) for _ in range(_wide(rng, 1, 8))
        ]
        before = copy.deepcopy(layers)
        want = {}
        for layer in layers:
            want = _layered(want, layer)
        assert merge_all(layers) == want
        for base, over in itertools.pairwise(layers):
            assert merge(base, over) == _layered(base, over)
        assert layers == before
