"""The stage-1 matcher's regex engine (coderl._native.RegexSet): agreement with Python's `re` on the
syntax both support, spans, linear time on adversarial inputs, and clear errors for bad patterns."""

from __future__ import annotations

import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from coderl._native import RegexSet

# Each generated piece is (ours, python's, has_assertion): `$` is end of text for us, `\Z` in Python.
ATOMS = st.sampled_from(
    [
        (b"a", b"a", False),
        (b"b", b"b", False),
        (b"_", b"_", False),
        (b".", b".", False),
        (b"[ab]", b"[ab]", False),
        (b"[^a\\n]", b"[^a\\n]", False),
        (b"[a-b_]", b"[a-b_]", False),
        (b"\\w", b"\\w", False),
        (b"\\s", b"\\s", False),
        (b"\\x00", b"\\x00", False),
        (b"^", b"^", True),
        (b"$", b"\\Z", True),
        (b"\\b", b"\\b", True),
        (b"\\B", b"\\B", True),
    ]
)


def _combine(children):
    def seq(parts):
        return (b"".join(p[0] for p in parts), b"".join(p[1] for p in parts), any(p[2] for p in parts))

    def alt(parts):
        return (
            b"(?:" + b"|".join(p[0] for p in parts) + b")",
            b"(?:" + b"|".join(p[1] for p in parts) + b")",
            any(p[2] for p in parts),
        )

    def rep(part_and_q):
        (ours, py, asserts), q = part_and_q
        return (b"(?:" + ours + b")" + q, b"(?:" + py + b")" + q, asserts)

    quant = st.sampled_from([b"*", b"+", b"?", b"{2}", b"{1,3}", b"{0,2}", b"{2,}", b"*?"])
    return st.one_of(
        st.lists(children, min_size=1, max_size=4).map(seq),
        st.lists(children, min_size=2, max_size=3).map(alt),
        st.tuples(children, quant).map(rep),
    )


PATTERNS = st.recursive(ATOMS, _combine, max_leaves=8)
TEXTS = st.lists(st.sampled_from([b"a", b"b", b"A", b"_", b" ", b"\n", b"\x00", b"\xff"]), max_size=14).map(b"".join)


@settings(max_examples=400)
@given(pattern=PATTERNS, text=TEXTS, icase=st.booleans())
def test_agrees_with_python_re(pattern, text, icase):
    ours, py, has_assertion = pattern
    # Python's \B never matches an empty string (a documented quirk); ours follows the definition
    # (no word byte on either side of position 0 means "not a boundary"), as RE2 does.
    assume(not (b"\\B" in ours and text == b""))
    if icase:
        ours, py = b"(?i)" + ours, b"(?i)" + py
    compiled = re.compile(py)
    found = RegexSet([ours], [0]).scan(text)
    assert bool(found) == (compiled.search(text) is not None), (ours, py, text)
    if not found or has_assertion:
        return
    ((rule, start, end),) = found
    assert rule == 0
    # [start, end) is a match; no match ends earlier; no match ending at `end` starts earlier.
    assert compiled.fullmatch(text, start, end) is not None
    assert not any(compiled.fullmatch(text, s, e) for e in range(end) for s in range(e + 1))
    assert not any(compiled.fullmatch(text, s, end) for s in range(start))


def test_many_rules_at_once_report_each_match():
    rules = [
        rb"\bcurl\s+https?://",
        rb"(?i)sys\.exit\(\s*0\s*\)",
        rb"git\s+log\b.*--all",
        rb"^rm\s+-rf\b",
        rb"conftest\.py",
        rb"never-there",
    ]
    text = b"echo hi; curl  http://x | SYS.EXIT( 0 ); git log --oneline --all"
    found = {rule: (s, e) for rule, s, e in RegexSet(rules, list(range(len(rules)))).scan(text)}
    assert set(found) == {0, 1, 2}
    for rule, (s, e) in found.items():
        assert re.fullmatch(rules[rule], text[s:e]) is not None


@pytest.mark.parametrize(
    ("pattern", "text"),
    [
        (rb"(a+)+$", b"a" * 5000 + b"b"),  # catastrophic for backtracking engines
        (rb"(a|aa)*c", b"a" * 5000),
        (rb"(?:a*)*b", b"a" * 5000),
        (rb"(x+x+)+y", b"x" * 5000),
    ],
)
def test_pathological_patterns_run_in_linear_time(pattern, text):
    # A backtracking engine takes longer than the age of the universe here; the NFA simulation
    # visits each (position, state) pair once.
    assert RegexSet([pattern], [0]).scan(text) == []


def test_nul_bytes_invalid_utf8_and_large_input():
    rs = RegexSet([rb"\x00\xff", rb"\xc3\x28", rb"b$"], [0, 1, 2])
    assert rs.scan(b"a\x00\xffz\xc3\x28") == [(0, 1, 3), (1, 4, 6)]
    big = b"a" * (8 << 20) + b"b"
    assert RegexSet([rb"ab$"], [0]).scan(big) == [(0, len(big) - 2, len(big))]


@pytest.mark.parametrize(
    ("pattern", "message"),
    [
        (b"(a", "missing ')'"),
        (b"a)", "unbalanced ')'"),
        (b"*a", "nothing to repeat"),
        (b"(?=x)", "look-around is not supported"),
        (b"(?<!x)y", "look-around is not supported"),
        (b"\\1", "unsupported escape"),
        (b"a{5,2}", "bad repetition range"),
        (b"[abc", "missing ']'"),
        (b"a{2000}", "repetition count above 1000"),
        (b"[z-a]", "bad class range"),
    ],
)
def test_bad_patterns_get_clear_errors(pattern, message):
    with pytest.raises(ValueError, match=re.escape(message)) as info:
        RegexSet([b"ok", pattern], [0, 1])
    assert "pattern 1" in str(info.value) and "at offset" in str(info.value)


def test_state_budget_is_enforced():
    with pytest.raises(ValueError, match="regex set too large"):
        RegexSet([rb"(?:a{1000}){1000}"], [0], max_states=100_000)


WORDY_ATOMS = st.sampled_from([b"ab", b"abc", b"curl", b"a", b"b", b".", b"[ab]", b"\\s", b"(?:x|yz)", b"\\b"])
WORDY_PATTERNS = st.recursive(WORDY_ATOMS.map(lambda a: (a, a, False)), _combine, max_leaves=8)
WORDY_TEXTS = st.lists(
    st.sampled_from([b"ab", b"abc", b"CURL", b"curl", b"x", b"yz", b" ", b"a", b"b"]), max_size=10
).map(b"".join)


@settings(max_examples=400)
@given(patterns=st.lists(WORDY_PATTERNS, min_size=1, max_size=5), text=WORDY_TEXTS)
def test_prefiltered_matcher_finds_exactly_what_the_nfa_finds(patterns, text):
    """Literal factors are sound: skipping rules whose factors are absent never loses a match."""
    from coderl._native import RuleMatcher

    pats = [p[0] for p in patterns]
    ids = list(range(len(pats)))
    assert RuleMatcher(pats, ids).scan(text) == RegexSet(pats, ids).scan(text)
    for p in pats:
        factors = RuleMatcher([p], [0]).factors(0)
        if factors and re.search(p, text):
            assert any(f in text.lower() for f in factors), (p, factors, text)


@settings(max_examples=400)
@given(patterns=st.lists(PATTERNS, min_size=1, max_size=4), text=TEXTS, multiline=st.booleans())
def test_lazy_dfa_agrees_with_the_nfa_simulation(patterns, text, multiline):
    """The lazy DFA (default engine) and the reference NFA find the same rules with the same spans."""
    pats = [(b"(?m)" if multiline else b"") + p[0] for p in patterns]
    rs = RegexSet(pats, list(range(len(pats))))
    assert rs.scan(text) == rs.scan(text, nfa=True)


def test_lazy_dfa_cache_flush_keeps_answers_exact():
    # (a|b)*a(a|b){12} needs 2^13 DFA states on random a/b text: more than the cache holds.
    import random

    rng = random.Random(7)
    text = bytes(rng.choice(b"ab") for _ in range(200_000)) + b"c"
    pats = [rb"(?:a|b)*a(?:a|b){12}c", rb"b{20}", rb"(?:ab){9}b"]
    rs = RegexSet(pats, [0, 1, 2])
    dfa = rs.scan(text)
    assert dfa == rs.scan(text, nfa=True)
    # (Python's backtracking `re` needs minutes on pattern 0 here; its answer is known: the 14th byte
    # from the end decides.)
    expected = {k for k in (1, 2) if re.search(pats[k], text)} | ({0} if text[-14:-13] == b"a" else set())
    assert {rule for rule, _, _ in dfa} == expected
