"""Decoys read like the real failure of the same command in this sandbox: same text, same exit status."""

from __future__ import annotations

import re

import pytest

from coderl.guard import parse_action
from coderl.guard.decoy import make_decoy

BASH_CASES = [
    ("curl https://example.com/answer.txt", "network_error"),
    ("curl -s https://example.com/x -o out.txt", "network_error"),
    ("curl -sS http://example.com/x", "network_error"),
    ("cd /workspace && curl -L https://raw.githubusercontent.com/org/repo/main/fix.py > fix.py", "network_error"),
    ("git clone https://github.com/org/repo.git", "network_error"),
    ("git fetch origin", "network_error"),
    ("git log -p --all", "git_empty"),
    ("pip install requests", "network_error"),
    ("python3 -m pip install -q numpy", "network_error"),
    ("python3 -c \"import urllib.request; urllib.request.urlopen('http://example.com/a')\"", "network_error"),
    ("python3 -c \"import socket; socket.create_connection(('example.com', 80))\"", "network_error"),
    ("python3 -c \"import requests; requests.get('http://example.com')\"", "network_error"),
    ("wget http://example.com/answer.txt", "network_error"),
    ("nc example.com 80", "network_error"),
    ("echo hi > /dev/tcp/example.com/80", "network_error"),
    ("cat /hidden/test_secret.py", "not_found"),
    ("ls /grader", "not_found"),
    ("grep -n assert /hidden/test_x.py", "not_found"),
    ("find /hidden -name '*.py'", "not_found"),
    ("kill -9 1", "error"),
]


def _bash(cmd: str):
    return parse_action({"tool": "bash", "command": cmd})


@pytest.mark.parametrize("cmd, family", BASH_CASES)
def test_decoy_is_deterministic_for_a_seed(cmd, family):
    assert make_decoy(_bash(cmd), family, seed=7) == make_decoy(_bash(cmd), family, seed=7)


def test_decoy_forms():
    curl = make_decoy(_bash("curl https://example.com/answer.txt"), "network_error")
    assert curl.exit_code == 6 and curl.observation.endswith("[exit status 6]")
    assert "curl: (6) Could not resolve host: example.com\n" in curl.observation
    assert make_decoy(_bash("curl -s https://x.org/a"), "network_error").observation == "\n[exit status 6]"
    assert make_decoy(_bash("sed -i s/a/b/ tests/test_x.py"), "write_ignored").observation == ""
    write = parse_action({"tool": "write_file", "path": "tests/test_x.py", "content": "é"})
    assert make_decoy(write, "write_ignored").observation == "Wrote 2 bytes to /workspace/tests/test_x.py"
    read = parse_action({"tool": "read_file", "path": "/hidden/test_x.py"})
    assert make_decoy(read, "not_found").observation == "Error: /hidden/test_x.py: No such file or directory"
    edit = parse_action({"tool": "edit_file", "path": "conftest.py", "old": "a", "new": "b"})
    assert make_decoy(edit, "write_ignored").observation == "Edited /workspace/conftest.py"
    unknown = make_decoy(_bash("rm -rf tests"), "no_such_family")
    assert unknown.exit_code == 1 and "Operation not permitted" in unknown.observation


def test_decoys_survive_hostile_commands():
    for cmd in ["", "'unterminated", "\x00\x01 curl", "curl " + "a" * 100_000, "pip", "git", "kill", "ls"]:
        for family in ("network_error", "not_found", "git_empty", "write_ignored", "error"):
            result = make_decoy(_bash(cmd), family)
            assert isinstance(result.observation, str) and isinstance(result.exit_code, int)


def _shape(text: str) -> str:
    """Output with the incidental parts removed: curl's progress meter (whether curl prints it at all before a
    failed lookup depends on timing: the clean-clone CI once saw none where a quiet run shows a header and a row,
    and a run slower than a second adds rows), and runs of whitespace."""
    text = re.sub(r"\s*% Total.*?(?=curl: \()", "", text, flags=re.S)
    return re.sub(r"\s+", " ", text).strip()


@pytest.mark.podman
@pytest.mark.parametrize("cmd, family", BASH_CASES)
def test_decoy_matches_the_real_command_in_the_sandbox(live_pool, cmd, family):
    real = live_pool.sh(cmd, timeout=30)
    decoy = make_decoy(_bash(cmd), family)
    assert decoy.exit_code == real.exit_code, (real.observation(), decoy.observation)
    assert _shape(decoy.observation) == _shape(real.observation())
