"""Stage-1 rule matching throughput: coderl's matcher against hyperscan (Vectorscan), RE2's set matcher
and a Python `re` loop, compiled from the same rule library, over ~50 MB of synthetic agent actions
(whole-file writes, diffs, shell commands; about 1% cheats). One call per action, and batched.

The whole of stage 1 as the guard runs it (``Stage1Scanner.scan_many``: the matcher, the context rules
and, when on, the structural detectors that parse Python with ``ast`` and shell with tree-sitter-bash)
is timed in the same run on a 10 MB slice of the same actions, with and without the structural pass.

coderl reports a span for every matching rule; hyperscan runs without start-of-match (its fastest
mode; with SOM_LEFTMOST the library does not compile: "Pattern is too large").
"""

from __future__ import annotations

import re

import pytest
import scan_corpus

from coderl._native import RuleMatcher
from coderl.guard import Stage1Scanner, load_rules, parse_action

CORPUS_BYTES = 50 << 20
STAGE1_BYTES = 10 << 20  # the full scanner (Python context rules, parsers) is timed on a slice
RE_SAMPLE_BYTES = 2 << 20  # the Python re loop is too slow for the whole corpus: timed on a sample
PEERS = ["hyperscan", "re2.Set", "python re loop"]


@pytest.fixture(scope="module")
def patterns() -> list[bytes]:
    return [p.encode() for rule in load_rules() for p in rule.patterns]


@pytest.fixture(scope="module")
def texts() -> list[bytes]:
    actions = scan_corpus.build(CORPUS_BYTES)
    return [v.encode("utf-8", "surrogatepass") for a in actions for k, v in a.items() if k not in ("tool", "id")]


def _info(benchmark, impl: str, data: list[bytes], compare: bool = False) -> None:
    n = sum(map(len, data))
    benchmark.group = "stage-1 scan, ~50 MB of actions"
    benchmark.extra_info.update(
        impl=impl, bytes=n, data_bytes=n, device="cpu", compare_to=PEERS if compare else [], actions=len(data)
    )


def test_coderl_per_action(benchmark, patterns, texts, cpu_bandwidth):
    matcher = RuleMatcher(patterns, list(range(len(patterns))))
    _info(benchmark, "coderl (per action, spans)", texts, compare=True)
    benchmark.pedantic(lambda: [matcher.scan(t) for t in texts], rounds=3, iterations=1)


def test_coderl_batched(benchmark, patterns, texts, cpu_bandwidth):
    matcher = RuleMatcher(patterns, list(range(len(patterns))))
    _info(benchmark, "coderl (batched, 2 threads, spans)", texts, compare=True)
    benchmark.pedantic(matcher.scan_batch, args=(texts, 0), rounds=3, iterations=1)


def test_hyperscan_per_action(benchmark, patterns, texts, cpu_bandwidth):
    hyperscan = pytest.importorskip("hyperscan")
    db = hyperscan.Database()
    db.compile(
        expressions=patterns,
        ids=list(range(len(patterns))),
        elements=len(patterns),
        flags=[hyperscan.HS_FLAG_SINGLEMATCH] * len(patterns),
    )

    def on_match(rule_id, start, end, flags, context):
        context.append(rule_id)

    def run():
        out = []
        for t in texts:
            hits: list[int] = []
            db.scan(t, match_event_handler=on_match, context=hits)
            out.append(hits)
        return out

    _info(benchmark, "hyperscan", texts)
    benchmark.pedantic(run, rounds=3, iterations=1)


def test_re2_set_per_action(benchmark, patterns, texts, cpu_bandwidth):
    re2 = pytest.importorskip("re2")
    rs = re2.Set.SearchSet(re2.Options())
    for p in patterns:
        rs.Add(p)
    rs.Compile()
    _info(benchmark, "re2.Set", texts)
    benchmark.pedantic(lambda: [rs.Match(t) for t in texts], rounds=3, iterations=1)


def test_python_re_loop(benchmark, patterns, texts, cpu_bandwidth):
    compiled = [re.compile(p) for p in patterns]
    sample, size = [], 0
    for t in texts:
        if size >= RE_SAMPLE_BYTES:
            break
        sample.append(t)
        size += len(t)
    _info(benchmark, "python re loop", sample)
    benchmark.pedantic(lambda: [[p.search(t) for p in compiled] for t in sample], rounds=1, iterations=1)


def test_same_answers_as_python_re(patterns, texts):
    """Before timing means anything: coderl finds exactly the rules Python's `re` finds."""
    matcher = RuleMatcher(patterns, list(range(len(patterns))))
    compiled = [re.compile(p) for p in patterns]
    for t in texts[:: max(1, len(texts) // 400)]:
        ours = {rule for rule, _, _ in matcher.scan(t)}
        assert ours == {k for k, p in enumerate(compiled) if p.search(t)}


@pytest.fixture(scope="module")
def stage1_actions() -> list:
    """The first ~10 MB of the same synthetic actions, parsed (what the guard scans)."""
    out, size = [], 0
    for a in scan_corpus.build(CORPUS_BYTES):
        if size >= STAGE1_BYTES:
            break
        action = parse_action(a)
        out.append(action)
        size += sum(len(v.encode("utf-8", "surrogatepass")) for v in action.fields.values())
    return out


def _stage1_info(benchmark, impl: str, actions: list) -> None:
    n = sum(len(v.encode("utf-8", "surrogatepass")) for a in actions for v in a.fields.values())
    benchmark.group = "stage-1 scan, ~50 MB of actions"
    benchmark.extra_info.update(impl=impl, bytes=n, data_bytes=n, device="cpu", compare_to=[], actions=len(actions))


def test_stage1_scanner_matcher_only(benchmark, stage1_actions, cpu_bandwidth):
    """The guard's stage 1 without the structural pass: matcher plus context rules (10 MB slice)."""
    scanner = Stage1Scanner(structural=False)
    _stage1_info(benchmark, "coderl Stage1Scanner, matcher + context rules", stage1_actions)
    benchmark.pedantic(scanner.scan_many, args=(stage1_actions,), rounds=3, iterations=1)


def test_stage1_scanner_with_structural(benchmark, stage1_actions, cpu_bandwidth):
    """The guard's stage 1 as shipped: matcher, context rules, structural Python and shell detectors."""
    scanner = Stage1Scanner()
    _stage1_info(benchmark, "coderl Stage1Scanner, + structural detectors", stage1_actions)
    benchmark.pedantic(scanner.scan_many, args=(stage1_actions,), rounds=3, iterations=1)


def test_structural_pass_keeps_every_matcher_cheat(stage1_actions):
    """Before timing means anything: no cheat of the corpus that the matcher and context rules catch is
    lost with the structural pass on. (It may clear a phrase match on an honest action, e.g. ``pip
    install -e .``: that is its purpose, see ``coderl.guard.structural.StructuralResult``.)"""
    import guard_corpus

    cheats = {repr(sorted(a.items())) for _, a in guard_corpus.cheats()}
    is_cheat = [repr(sorted(dict(a.fields, tool=a.tool).items())) in cheats for a in stage1_actions]
    with_structural = Stage1Scanner().scan_many(stage1_actions)
    without = Stage1Scanner(structural=False).scan_many(stage1_actions)
    lost = [
        a
        for a, c, w, o in zip(stage1_actions, is_cheat, with_structural, without, strict=True)
        if c and o.cheat and not w.cheat
    ]
    assert sum(is_cheat) > 0 and not lost, lost[:3]
