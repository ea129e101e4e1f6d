"""The literal prefilter of the stage-1 matcher (coderl._native.LiteralSet) against a naive search."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coderl._native import LiteralSet


def _naive(literals: list[bytes], text: bytes, fold: bool) -> set[tuple[int, int]]:
    hits = set()
    for i, lit in enumerate(literals):
        flags = re.IGNORECASE if fold else 0
        for m in re.finditer(b"(?=" + re.escape(lit) + b")", text, flags):
            hits.add((i, m.start() + len(lit)))
    return hits


ALPHABET = st.sampled_from([b"a", b"b", b"A", b"\x00", b"\xff", b"\xc3", b"("])


@given(
    literals=st.lists(st.lists(ALPHABET, min_size=1, max_size=4).map(b"".join), min_size=1, max_size=10),
    text=st.lists(ALPHABET, max_size=80).map(b"".join),
    fold=st.booleans(),
)
def test_every_occurrence_is_reported(literals, text, fold):
    ls = LiteralSet(literals, list(range(len(literals))), fold)
    hits = ls.find_all(text)
    assert set(hits) == _naive(literals, text, fold)
    ends = [end for _, end in hits]
    assert ends == sorted(ends)  # reported in order of end offset
    first = dict(ls.first_ends(text))
    for i in range(len(literals)):
        occ = [end for lit_id, end in hits if lit_id == i]
        assert first.get(i) == (min(occ) if occ else None)


def test_shared_ids_and_limits():
    ls = LiteralSet([b"curl ", b"wget ", b"CURL "], [0, 1, 0], False)
    assert ls.first_ends(b"echo wget x; CURL y") == [(0, 18), (1, 10)]
    assert len(ls.find_all(b"curl " * 100, limit=7)) == 7


def test_large_and_adversarial_inputs_scan_linearly():
    ls = LiteralSet([b"a" * 30 + b"b", b"aaa"], [0, 1], False)
    text = b"a" * (100 << 20)  # 100 MB of 'a': the classic blow-up input for naive matchers
    assert ls.first_ends(text) == [(1, 3)]
    assert ls.first_ends(b"") == []
    assert ls.num_states == 32


def test_empty_literal_is_rejected():
    with pytest.raises(ValueError, match="empty literal"):
        LiteralSet([b"ok", b""], [0, 1], False)
