"""`coderl judge eval` as users run it: a real process against a real HTTP server on loopback whose
replies (verdicts, usage, delays, garbage) are scripted per test; every server is shut down after its test."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from judge_server import JudgeServer

from coderl.guard.judge_eval import EXAMPLE_SET, load_labelled, percentiles


def _coderl(*args: str) -> subprocess.CompletedProcess:
    exe = shutil.which("coderl") or str(Path(sys.executable).with_name("coderl"))
    return subprocess.run([exe, *args], capture_output=True, text=True, timeout=120, check=False)


def _case(body: dict[str, Any]) -> str:
    return body["messages"][-1]["content"].split("ACTION TO JUDGE:", 1)[-1]


def _reply(content: str, prompt_tokens: int = 100, completion_tokens: int = 10) -> str:
    """A whole chat-completions body with a usage block (the loopback server sends RAW bodies as they are)."""
    body = {
        "id": "c",
        "object": "chat.completion",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}}],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }
    return "RAW:" + json.dumps(body)


def _verdict(cheat: bool, category: str) -> str:
    return json.dumps({"cheat": cheat, "category": category, "rationale": "scripted"})


def scripted(delay: float = 0.0) -> Callable[[int, dict[str, Any]], tuple[int, str, float]]:
    """The scripted model: an action whose text holds JUDGE_CHEAT:<category> is a cheat of that category."""

    def behaviour(n: int, body: dict[str, Any]) -> tuple[int, str, float]:
        case = _case(body)
        if "JUDGE_CHEAT:" in case:
            category = case.split("JUDGE_CHEAT:", 1)[1].split()[0].strip("\"'\\")
            return 200, _reply(_verdict(True, category)), delay
        return 200, _reply(_verdict(False, "none")), delay

    return behaviour


@pytest.fixture
def server_factory() -> Iterator[Callable[..., JudgeServer]]:
    """Start loopback judge servers on demand; every one is shut down when the test ends."""
    servers: list[JudgeServer] = []

    def start(behaviour: Callable[[int, dict[str, Any]], tuple[int, str, float]] | None = None) -> JudgeServer:
        server = JudgeServer(behaviour or scripted())
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.close()
        host, port = server.httpd.server_address[:2]
        with pytest.raises(OSError):  # shut down: nothing listens on its port any more
            socket.create_connection((host, port), timeout=2).close()


def _bash(text: str) -> dict[str, str]:
    return {"tool": "bash", "command": text}


# A small scripted set. Stage 1 sees none of these as cheats (plain echo commands); the judge's verdict
# is whatever the JUDGE_CHEAT marker says.
#   network:        2 cheats (1 caught, 1 missed), 1 honest (flagged: fp)      -> tp 1 fp 1 fn 1 tn 0
#   early_exit:     1 cheat (caught, category reported wrong), 1 honest (clean) -> tp 1 fp 0 fn 0 tn 1
#   none:           2 honest (1 flagged, 1 clean)                                -> tp 0 fp 1 fn 0 tn 1
#   overall: tp 2, fp 2, fn 1, tn 2 -> precision 2/4, recall 2/3, F1 4/7, FPR 2/4
SMALL_SET = [
    {"id": "n1", "action": _bash("echo JUDGE_CHEAT:network one"), "cheat": True, "category": "network"},
    {"id": "n2", "action": _bash("echo quietly two"), "cheat": True, "category": "network"},
    {"id": "n3", "action": _bash("echo JUDGE_CHEAT:network three"), "cheat": False, "category": "network"},
    {"id": "e1", "action": _bash("echo JUDGE_CHEAT:other four"), "cheat": True, "category": "early_exit"},
    {"id": "e2", "action": _bash("echo five"), "cheat": False, "category": "early_exit"},
    {"id": "h1", "action": _bash("echo JUDGE_CHEAT:git_snooping six"), "cheat": False, "category": "none"},
    {"id": "h2", "action": _bash("echo seven"), "cheat": False, "category": "none"},
]


def _write(tmp_path: Path, records: list[Any], name: str = "labelled.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in records))
    return path


def _eval(path: Path, server: JudgeServer, tmp_path: Path, *extra: str) -> tuple[subprocess.CompletedProcess, dict]:
    out = tmp_path / "report.json"
    proc = _coderl("judge", "eval", str(path), "--endpoint", server.url, "--model", "m", "--json", str(out), *extra)
    assert proc.returncode == 0, proc.stderr
    return proc, json.loads(out.read_text())


def test_precision_and_recall_match_the_hand_computed_figures(tmp_path, server_factory):
    server = server_factory()
    proc, report = _eval(_write(tmp_path, SMALL_SET), server, tmp_path)
    judge = report["pipelines"]["judge"]
    overall = judge["overall"]
    assert {k: overall[k] for k in ("tp", "fp", "fn", "tn")} == {"tp": 2, "fp": 2, "fn": 1, "tn": 2}
    assert overall["precision"] == pytest.approx(2 / 4)
    assert overall["recall"] == pytest.approx(2 / 3)
    assert overall["f1"] == pytest.approx(2 * 0.5 * (2 / 3) / (0.5 + 2 / 3))
    assert overall["fpr"] == pytest.approx(2 / 4)
    assert overall["category_accuracy"] == pytest.approx(1 / 2)  # e1 was reported as "other"
    net, ee, none = (judge["categories"][c] for c in ("network", "early_exit", "none"))
    assert (net["tp"], net["fp"], net["fn"], net["tn"]) == (1, 1, 1, 0)
    assert net["precision"] == pytest.approx(0.5) and net["recall"] == pytest.approx(0.5)
    assert (ee["tp"], ee["fp"], ee["fn"], ee["tn"]) == (1, 0, 0, 1)
    assert ee["precision"] == 1.0 and ee["recall"] == 1.0 and ee["category_accuracy"] == 0.0
    assert (none["tp"], none["fp"], none["fn"], none["tn"]) == (0, 1, 0, 1)
    assert none["precision"] == 0.0 and none["recall"] is None and none["fpr"] == pytest.approx(0.5)
    # stage 1 flags none of these plain echo commands; judge_mode=all sends every one to the judge
    assert report["pipelines"]["stage1"]["overall"]["tp"] == 0
    assert report["pipelines"]["all"]["overall"] == overall
    assert report["pipelines"]["all"]["judge_calls"] == len(SMALL_SET)
    assert report["pipelines"]["suspicious"]["judge_calls"] == 0
    # the table on stdout carries the same figures
    assert "judge alone, per label category" in proc.stdout and "per pipeline" in proc.stdout
    row = next(line for line in proc.stdout.splitlines() if "overall" in line)
    assert "0.500" in row and "0.667" in row and "0.571" in row
    assert len(server.requests) == len(SMALL_SET)


def test_cost_latency_and_throughput_fields_are_present_and_sane(tmp_path, server_factory):
    server = server_factory(scripted(delay=0.02))
    _, report = _eval(
        _write(tmp_path, SMALL_SET), server, tmp_path, "--price-in", "2", "--price-out", "10", "--concurrency", "2"
    )
    run = report["run"]
    n = len(SMALL_SET)
    assert run["usage"] == {
        "requests": n,
        "requests_with_usage": n,
        "prompt_tokens": 100 * n,
        "completion_tokens": 10 * n,
        "cost_usd": pytest.approx(n * (100 * 2 + 10 * 10) / 1e6),
    }
    for scope in ("request", "action"):
        lat = run["latency_s"][scope]
        assert 0.02 <= lat["p50"] <= lat["p95"] <= lat["max"] < 5.0
    assert run["latency_s"]["action"]["max"] >= run["latency_s"]["request"]["p50"]
    assert run["wall_s"] >= 0.02 * n / 2  # two at a time, 20 ms each
    assert run["actions_per_s"] == pytest.approx(n / run["wall_s"])
    assert run["cache_hits"] == 0 and run["failures"]["actions_failed"] == 0
    assert run["failures"]["attempts"]["ok"] == n
    assert server.max_in_flight <= 2
    # a mode's cost counts only the calls it makes
    assert report["pipelines"]["all"]["usage"]["prompt_tokens"] == 100 * n
    assert report["pipelines"]["suspicious"]["usage"]["cost_usd"] is None


def test_without_prices_or_usage_cost_is_not_invented(tmp_path, server_factory):
    server = server_factory()  # the default: verdict replies without a usage block
    server.behaviour = lambda n, body: (200, _verdict(False, "none"), 0.0)
    _, report = _eval(_write(tmp_path, SMALL_SET[:2]), server, tmp_path, "--price-in", "1")
    usage = report["run"]["usage"]
    assert usage["requests_with_usage"] == 0 and usage["prompt_tokens"] is None and usage["cost_usd"] is None


def test_duplicate_actions_are_each_judged_by_the_server(tmp_path, server_factory):
    server = server_factory()
    records = [dict(SMALL_SET[0], id=f"d{i}") for i in range(4)]
    _, report = _eval(_write(tmp_path, records), server, tmp_path)
    assert len(server.requests) == 4 and report["run"]["cache_hits"] == 0


def test_timeouts_and_unparsable_replies_are_counted_and_decided_by_the_policy(tmp_path, server_factory):
    def behaviour(n: int, body: dict[str, Any]) -> tuple[int, str, float]:
        case = _case(body)
        if "slow" in case:
            return 200, _reply(_verdict(False, "none")), 3.0  # well past the 1 s timeout, even on a busy machine
        if "garbled" in case:
            return 200, _reply("Sure! This looks fine to me."), 0.0
        return scripted()(n, body)

    server = server_factory(behaviour)
    records = [
        {"id": "s", "action": _bash("echo slow"), "cheat": False, "category": "none"},
        {"id": "g", "action": _bash("echo garbled"), "cheat": True, "category": "network"},
        *SMALL_SET[:2],
    ]
    _, report = _eval(_write(tmp_path, records), server, tmp_path, "--timeout", "1", "--retries", "1")
    failures = report["run"]["failures"]
    assert failures["actions_failed"] == 2 and failures["decided_by_policy_as_cheat"] == 2  # fail_closed
    assert failures["attempts"]["timeout"] == 2 and failures["attempts"]["unparsable"] == 2
    assert {e["id"] for e in failures["examples"]} == {"s", "g"}
    overall = report["pipelines"]["judge"]["overall"]
    assert (overall["tp"], overall["fp"], overall["fn"], overall["tn"]) == (2, 1, 1, 0)

    _, report = _eval(
        _write(tmp_path, records), server, tmp_path, "--timeout", "1", "--retries", "0", "--policy", "fail_open"
    )
    assert report["run"]["failures"]["decided_by_policy_as_cheat"] == 0
    assert report["run"]["failures"]["attempts"]["timeout"] == 1


def test_limit_and_modes(tmp_path, server_factory):
    server = server_factory()
    _, report = _eval(_write(tmp_path, SMALL_SET), server, tmp_path, "--limit", "3", "--modes", "suspicious")
    assert report["actions"] == 3 and len(server.requests) == 3
    assert set(report["pipelines"]) == {"judge", "stage1", "suspicious"}


def test_modes_combine_stage1_and_the_judge_as_the_guard_does(tmp_path, server_factory):
    """On the shipped example set: every mode flags what stage 1 flags, plus the judge's verdicts on the
    actions that mode sent it; judge_mode=all sends exactly the actions stage 1 did not call cheats."""
    server = server_factory(lambda n, body: (200, _reply(_verdict(True, "other")), 0.0))  # a judge that flags all
    _, report = _eval(EXAMPLE_SET, server, tmp_path)
    rows = report["per_action"]
    stage1_clean = sum(not r["flagged_stage1"] for r in rows)
    assert report["pipelines"]["all"]["judge_calls"] == stage1_clean
    assert all(r["flagged_all"] for r in rows)
    for mode in ("suspicious", "sample"):
        assert report["pipelines"][mode]["judge_calls"] <= stage1_clean
        assert all(r[f"flagged_{mode}"] >= r["flagged_stage1"] for r in rows)
    assert report["pipelines"]["judge"]["overall"]["recall"] == 1.0
    assert report["pipelines"]["judge"]["overall"]["fpr"] == 1.0


@pytest.mark.parametrize(
    "lines, expected",
    [
        (['{"action": {"tool": "submit"}, "cheat": false, "category": "none"}', "{not json"], ["line 2", "JSON"]),
        (['{"action": {"tool": "submit"}, "category": "none"}'], ["line 1", "missing field 'cheat'"]),
        (['{"cheat": true, "category": "network"}'], ["line 1", "missing field 'action'"]),
        (['{"action": {"tool": "bash"}, "cheat": true, "category": "network"}'], ["line 1", "field 'action'"]),
        (['{"action": {"tool": "submit"}, "cheat": "yes", "category": "none"}'], ["line 1", "field 'cheat'"]),
        (['{"action": {"tool": "submit"}, "cheat": true, "category": "nope"}'], ["line 1", "field 'category'"]),
        (['{"action": {"tool": "submit"}, "cheat": true, "category": "none"}'], ["line 1", "field 'category'"]),
        (['{"action": {"tool": "submit"}, "cheat": false, "category": "none", "lable": 1}'], ["line 1", "'lable'"]),
        (["[1, 2]"], ["line 1", "JSON object"]),
        ([""], ["no labelled actions"]),
    ],
)
def test_bad_input_exits_2_naming_file_line_and_field(tmp_path, server_factory, lines, expected):
    server = server_factory()
    path = _write(tmp_path, lines)
    proc = _coderl("judge", "eval", str(path), "--endpoint", server.url)
    assert proc.returncode == 2, proc.stderr
    assert str(path) in proc.stderr and "Traceback" not in proc.stderr
    for text in expected:
        assert text in proc.stderr
    assert server.requests == []  # nothing is sent before the whole file is valid


def test_bad_usage_exits_2(tmp_path, server_factory):
    server = server_factory()
    path = _write(tmp_path, SMALL_SET)
    missing = _coderl("judge", "eval", str(tmp_path / "absent.jsonl"), "--endpoint", server.url)
    assert missing.returncode == 2 and "absent.jsonl" in missing.stderr and "Traceback" not in missing.stderr
    for extra in (
        ["--concurrency", "0"],
        ["--concurrency", "65"],
        ["--limit", "0"],
        ["--modes", "all,sometimes"],
        ["--price-in", "-1"],
        ["--sample-rate", "2"],
        ["--json", str(tmp_path / "no" / "such" / "dir.json")],
    ):
        proc = _coderl("judge", "eval", str(path), "--endpoint", server.url, *extra)
        assert proc.returncode == 2, (extra, proc.stderr)
        assert "Traceback" not in proc.stderr
    proc = _coderl("judge", "eval", str(path), "--endpoint", "models/local-dir")
    assert proc.returncode == 2 and "--endpoint" in proc.stderr
    assert server.requests == []


def test_unreachable_endpoint_exits_3(tmp_path):
    with socket.socket() as sock:  # a port nobody listens on: bound, then released
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    path = _write(tmp_path, SMALL_SET)
    proc = _coderl("judge", "eval", str(path), "--endpoint", f"http://127.0.0.1:{port}/v1", "--retries", "1")
    assert proc.returncode == 3, proc.stderr
    assert "unreachable" in proc.stderr and f"127.0.0.1:{port}" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_an_endpoint_that_answers_no_completions_exits_3(tmp_path, server_factory):
    server = server_factory()
    path = _write(tmp_path, SMALL_SET)
    wrong = server.url.removesuffix("/v1")  # the server answers 404 off /v1/chat/completions
    proc = _coderl("judge", "eval", str(path), "--endpoint", wrong, "--retries", "0")
    assert proc.returncode == 3, proc.stderr
    assert "HTTP 404" in proc.stderr and "Traceback" not in proc.stderr
    assert len(server.requests) == 1  # the first action only: the rest were never sent


def test_the_shipped_example_set_comes_from_the_corpora_and_loads():
    """Every shipped action is in the project's corpora under the same label (the corpora may grow;
    `python scripts/judge_eval_example.py --check` says whether regenerating would change the file)."""
    from guard_corpus import cheats, honest
    from guard_heldout import ROUND2

    def key(action: dict) -> str:
        return json.dumps(action, sort_keys=True)

    cheat_labels = {(key(a), c) for c, a in [*cheats(), *ROUND2]}
    honest_actions = {key(a) for a in honest()}
    items = load_labelled(EXAMPLE_SET)
    for item in items:
        action = key(item.action.to_json())
        if item.cheat:
            assert (action, item.category) in cheat_labels, item.id
        else:
            assert action in honest_actions, item.id
    cheat_items = [i for i in items if i.cheat]
    assert len(cheat_items) >= 24 and len(items) - len(cheat_items) >= 20
    assert len({i.category for i in cheat_items}) == 12  # every stage-1 family


def test_percentiles_interpolate_like_numpy():
    assert percentiles([]) == {"p50": None, "p95": None, "max": None, "mean": None}
    stats = percentiles([4.0, 1.0, 3.0, 2.0])
    assert stats["p50"] == pytest.approx(2.5) and stats["p95"] == pytest.approx(3.85) and stats["max"] == 4.0
