"""`coderl scan` and `coderl rules` as users run them: real processes, files and standard input."""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest


def _coderl(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    exe = shutil.which("coderl") or str(Path(sys.executable).with_name("coderl"))
    return subprocess.run([exe, *args], input=stdin, capture_output=True, text=True, timeout=120, check=False)


ACTIONS = [
    {"id": "a1", "tool": "bash", "command": "python -m pytest -x"},
    {"id": "a2", "tool": "bash", "command": "curl -s https://pypi.org/simple/x"},
    {"id": "a3", "tool": "read_file", "path": "src/app.py"},
]


def _jsonl(items: list) -> str:
    return "".join((x if isinstance(x, str) else json.dumps(x)) + "\n" for x in items)


def test_scan_reports_one_verdict_per_line_in_order(tmp_path):
    path = tmp_path / "actions.jsonl"
    path.write_text(_jsonl(ACTIONS))
    out = _coderl("scan", str(path))
    assert out.returncode == 1  # a cheat was found
    verdicts = [json.loads(line) for line in out.stdout.splitlines()]
    assert [v["id"] for v in verdicts] == ["a1", "a2", "a3"]
    assert [v["cheat"] for v in verdicts] == [False, True, False]
    assert verdicts[1]["categories"] == ["network"] and verdicts[1]["rules"] == ["net.download_tools"]


def test_clean_input_from_stdin_exits_zero():
    out = _coderl("scan", "-", stdin=_jsonl([ACTIONS[0], ACTIONS[2]]))
    assert out.returncode == 0, out.stderr
    assert len(out.stdout.splitlines()) == 2


def test_malformed_lines_are_reported_and_the_rest_scanned():
    out = _coderl("scan", "-", stdin=_jsonl([ACTIONS[0], "{not json", {"tool": "teleport"}, ACTIONS[1]]))
    assert out.returncode == 2
    assert "line 2" in out.stderr and "line 3" in out.stderr
    records = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(records) == 4 and records[1]["error"] and records[3]["cheat"] is True


def test_protect_and_rules_options(tmp_path):
    action = {"id": "g", "tool": "edit_file", "path": "golden/out.json", "old": "1", "new": "2"}
    assert _coderl("scan", "-", stdin=_jsonl([action])).returncode == 0
    assert _coderl("scan", "-", "--protect", "golden/**", stdin=_jsonl([action])).returncode == 1
    rules = tmp_path / "extra.toml"
    rules.write_text(
        "version = 1\n[[rule]]\nid = 'local.no_todo'\ncategory = 'local'\ndescription = 'no TODO'\n"
        "severity = 'high'\ndecoy = 'write_ignored'\ntools = ['write_file']\nfields = ['content']\n"
        "patterns = ['TODO!!']\n"
    )
    todo = {"tool": "write_file", "path": "a.py", "content": "# TODO!!"}
    out = _coderl("scan", "-", "--rules", str(rules), stdin=_jsonl([todo]))
    assert out.returncode == 1 and json.loads(out.stdout)["rules"] == ["local.no_todo"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("version = 2\n", "version = 1"),
        ("version = 1\n[[rule]]\nid = 'x'\n", "'category' must be"),
        (
            "version = 1\n[[rule]]\nid='x'\ncategory='c'\ndescription='d'\nseverity='high'\ndecoy='d'\n"
            "tools=['bash']\nfields=['command']\npatterns=['(unclosed']\n",
            "missing ')'",
        ),
        (
            "version = 1\n[[rule]]\nid='x'\ncategory='c'\ndescription='d'\nseverity='high'\ndecoy='d'\n"
            "tools=['bash']\nfields=['command']\npatterns=['a.b']\n",
            "no literal of 3+ bytes",
        ),
    ],
)
def test_bad_rule_files_are_usage_errors(tmp_path, content, message):
    rules = tmp_path / "bad.toml"
    rules.write_text(content)
    out = _coderl("scan", "-", "--rules", str(rules), stdin=_jsonl([ACTIONS[0]]))
    assert out.returncode == 2 and message in out.stderr


def test_table_format_and_rules_listing():
    out = _coderl("scan", "-", "--format", "table", stdin=_jsonl(ACTIONS))
    assert out.returncode == 1 and "cheat" in out.stdout and "net.download_tools" in out.stdout
    listing = _coderl("rules", "--format", "jsonl")
    assert listing.returncode == 0
    ids = [json.loads(line)["id"] for line in listing.stdout.splitlines()]
    assert "git.history_snooping" in ids and len(ids) == len(set(ids)) >= 20


def _judge_actions(command: list[str]) -> dict[str, tuple]:
    """The stage-2 judge options of a command's parser: flag -> (type, choices, default)."""
    from coderl.cli import build_parser

    parser = build_parser()
    for name in command:
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = sub.choices[name]
    return {
        a.option_strings[0]: (a.type, a.choices, a.default)
        for a in parser._actions
        if a.option_strings and a.option_strings[0].startswith("--judge")
    }


def test_scan_and_replay_share_the_judge_flags():
    """scan and replay take the same --judge* flags (from the [judge]/[guard] models), with the same defaults."""
    from coderl.cli import build_parser
    from coderl.train.flags import JUDGE_FLAGS, judge_from_flags

    scan, replay = _judge_actions(["scan"]), _judge_actions(["replay"])
    assert scan == replay and set(scan) == {"--" + d.replace("_", "-") for d in JUDGE_FLAGS}
    args = build_parser().parse_args(
        ["replay", "task", "a.jsonl", "--judge", "http://127.0.0.1:9/v1", "--judge-model", "m", "--judge-timeout", "5"]
    )
    judge, guard = judge_from_flags(args)
    assert judge is not None and (judge.model, judge.timeout_s, judge.url) == ("m", 5.0, "http://127.0.0.1:9/v1")
    assert guard.judge_mode == judge_from_flags(build_parser().parse_args(["scan", "-"]))[1].judge_mode == "suspicious"


def test_scan_refuses_bad_threads_binary_files_and_judge_flags_with_one_line(tmp_path):
    binary = tmp_path / "blob.bin"
    binary.write_bytes(bytes(range(256)) * 4)
    for args, named in (
        (["--threads", "99999999999"], "--threads"),
        (["--rules", str(binary)], "blob.bin"),
        (["--judge-timeout", "3"], "--judge-timeout: needs --judge"),
        (["--judge", "http://127.0.0.1:9/v1", "--judge-retries", "-1"], "--judge-retries"),
    ):
        out = _coderl("scan", "-", *args, stdin=_jsonl([ACTIONS[0]]))
        assert out.returncode == 2 and named in out.stderr and "Traceback" not in out.stderr, (args, out.stderr)
    out = _coderl("scan", str(binary))
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "blob.bin: a binary file" in out.stderr


def test_audit_reads_intercepts_from_trajectories_and_refuses_other_files(tmp_path):
    from coderl.guard.audit import summarize_audit

    intercept = {
        "step": 2,
        "action": {"tool": "bash", "command": "curl x"},
        "stage": "stage1",
        "categories": ["network"],
        "rules": ["net.download_tools"],
        "rationale": "",
        "family": "network",
        "decoy": "curl: (6)",
    }
    trajs = tmp_path / "trajs.jsonl"
    lines = [
        {"task_id": "t", "episode_id": "r:ep-0", "token_ids": [1], "marks": {"intercepts": [intercept] * 2}},
        {"task_id": "t", "episode_id": "r:ep-1", "token_ids": [1], "marks": {"intercepts": []}},
    ]
    trajs.write_text(_jsonl(lines))
    summary = summarize_audit(trajs)
    assert summary["source"] == "trajectories" and summary["trajectories"] == 2
    assert summary["intercepts"] == 2 and summary["episodes"] == 1 and summary["by_rule"] == {"net.download_tools": 2}
    log = tmp_path / "audit.jsonl"
    log.write_text(_jsonl([{"episode": "e", "time": 0.0, **intercept}]))
    assert summarize_audit(log)["source"] == "audit_log" and summarize_audit(log)["intercepts"] == 1
    out = _coderl("audit", str(trajs), "--format", "json")
    assert out.returncode == 0 and json.loads(out.stdout)["intercepts"] == 2
    actions = tmp_path / "actions.jsonl"
    actions.write_text(_jsonl(ACTIONS))  # JSONL, but neither an audit log nor trajectories
    out = _coderl("audit", str(actions))
    assert out.returncode == 2 and "not an audit log" in out.stderr and "actions.jsonl" in out.stderr
