"""`coderl scan` and `coderl rules` as users run them: real processes, files and standard input."""

from __future__ import annotations

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
