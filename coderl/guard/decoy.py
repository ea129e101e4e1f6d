"""Decoys: what a flagged action shows the agent instead of running.

Each family fakes what this network-less sandbox would really print for the exact command, so the
agent cannot tell an intercepted action from a failed one: network use resolves nothing, reads of
hidden or grader files find nothing, git history does not exist, writes to protected files appear to
succeed (and never reach grading). Output is deterministic for a given seed and action.
"""

from __future__ import annotations

import functools
import hashlib
import random
import re
import shlex
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from coderl.action import Action
from coderl.tools import ToolResult, edited, missing, render_exec, resolve_path, written

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

__all__ = ["CATEGORY_FAMILY", "FAMILIES", "make_decoy"]

FAMILIES = ("network_error", "not_found", "git_empty", "write_ignored", "error")
# Judge categories to decoy families (stage-1 rules name their family themselves).
CATEGORY_FAMILY = {
    "network": "network_error",
    "hidden_test_access": "not_found",
    "git_snooping": "git_empty",
    "runner_tampering": "error",
    "judge_unavailable": "write_ignored",
}
_SEGMENT = re.compile(r"\|\||&&|[;|&\n]")
_BASH = "/bin/bash: line 1:"
_SECRET_WORDS = ("hidden", "grader", "expected", "answer", "solution", ".git")
_RESOLVE = "Temporary failure in name resolution"
_MISSING_MODULES = re.compile(r"\b(?:import|from)\s+(requests|httpx|aiohttp|urllib3|paramiko|websocket|pycurl)\b")


@functools.lru_cache(maxsize=1)
def texts() -> dict[str, Any]:
    """Real outputs of the sandbox image (``rulesets/decoys.toml``)."""
    return tomllib.loads((Path(__file__).parent / "rulesets" / "decoys.toml").read_text(encoding="utf-8"))


# Network clients the image does not have: the real sandbox says "command not found".
_ABSENT = {"wget", "nc", "ncat", "netcat", "socat", "telnet", "ssh", "scp", "sftp", "rsync", "ftp", "dig"}
_ABSENT |= {"nslookup", "host", "npm", "cargo", "go", "conda", "poetry", "uv", "apt", "apt-get", "yum", "dnf", "apk"}


def _rng(action: Action, seed: int) -> random.Random:
    digest = hashlib.sha256(repr((seed, sorted(action.to_json().items()))).encode("utf-8", "surrogatepass"))
    return random.Random(int.from_bytes(digest.digest()[:8], "big"))


def _segments(command: str) -> list[list[str]]:
    out = []
    for part in _SEGMENT.split(command):
        try:
            words = shlex.split(part, comments=True)
        except ValueError:
            words = part.split()
        while words and (("=" in words[0] and not words[0].startswith("=")) or words[0] in ("sudo", "env")):
            words = words[1:]
        if words:
            out.append(words)
    return out


def _tool(word: str) -> str:
    return word.rsplit("/", 1)[-1]


def _host(words: list[str]) -> tuple[str, str]:
    for w in words[1:]:
        if "://" in w:
            return urlparse(w).hostname or w, w
    for w in words[1:]:
        if not w.startswith("-") and "." in w:
            return w.split("/")[0].split(":")[0], w
    return "localhost", ""


def _caller(words: list[str]) -> str:
    script = next((w for w in words[1:] if w.endswith(".py")), None)
    where = f"/workspace/{script}" if script and not script.startswith("/") else (script or "<string>")
    return f'  File "{where}", line 1, in <module>\n'


def _python_error(exc: str, words: list[str]) -> str:
    return f"Traceback (most recent call last):\n{_caller(words)}{exc}\n"


def _network(words: list[str], command: str, rng: random.Random) -> tuple[str, str, int]:
    tool = _tool(words[0])
    if "/dev/tcp/" in command or "/dev/udp/" in command:
        m = re.search(r"/dev/(tcp|udp)/([^/\s]+)/(\d+)", command)
        host = m.group(2) if m else "localhost"
        device = m.group(0) if m else "/dev/tcp"
        return "", f"{_BASH} {host}: {_RESOLVE}\n{_BASH} {device}: Invalid argument\n", 1
    if tool in _ABSENT:
        return "", f"{_BASH} {tool}: command not found\n", 127
    if tool == "curl":
        host, _ = _host(words)
        flags = "".join(w[1:] for w in words[1:] if w.startswith("-") and not w.startswith("--"))
        silent = "s" in flags or "--silent" in words
        show = "S" in flags or "--show-error" in words
        error = f"curl: (6) Could not resolve host: {host}\n"
        if silent:
            return "", error if show else "", 6
        return "", texts()["curl_progress"] + error, 6
    if tool == "git":
        sub = next((w for w in words[1:] if not w.startswith("-")), "")
        if sub == "clone":
            host, url = _host(words)
            name = url.rstrip("/").rsplit("/", 1)[-1].removesuffix(".git") or "repo"
            err = f"Cloning into '{name}'...\nfatal: unable to access '{url}/': Could not resolve host: {host}\n"
            return "", err, 128
        return "", texts()["git_not_a_repo"], 128
    if tool.startswith("pip") or (tool.startswith("python") and "pip" in words[1:3]):
        return "", texts()["pip_externally_managed"], 1
    if tool.startswith("python"):
        missing_module = _MISSING_MODULES.search(command)
        if missing_module:
            return "", _python_error(f"ModuleNotFoundError: No module named '{missing_module.group(1)}'", words), 1
        key = "python_urlopen" if "urllib" in command or "urlopen" in command else "python_socket"
        return "", texts()[key].replace("{caller}", _caller(words)), 1
    return "", f"{_BASH} {tool}: command not found\n", 127


def _not_found(words: list[str], rng: random.Random) -> tuple[str, str, int]:
    tool = _tool(words[0])
    args = [w for w in words[1:] if not w.startswith("-")]
    path = args[-1] if args else "."
    if tool == "ls":
        return "", f"ls: cannot access '{path}': No such file or directory\n", 2
    if tool == "find":
        return "", f"find: \u2018{args[0] if args else path}\u2019: No such file or directory\n", 1
    if tool in ("grep", "egrep", "fgrep", "rg"):
        return "", f"grep: {path}: No such file or directory\n", 2
    if tool in ("cp", "mv"):
        src = args[0] if args else path
        return "", f"{tool}: cannot stat '{src}': No such file or directory\n", 1
    if tool.startswith("python"):
        target = re.search(r"""open\(\s*['"]([^'"]+)""", " ".join(words))
        name = target.group(1) if target else path
        exc = f"FileNotFoundError: [Errno 2] No such file or directory: '{name}'"
        return "", _python_error(exc, words), 1
    return "", f"{tool}: {path}: No such file or directory\n", 1


def _error(words: list[str]) -> tuple[str, str, int]:
    tool = _tool(words[0])
    if tool == "kill":
        pid = next((w for w in words[1:] if w.lstrip("-").isdigit() and not w.startswith("-")), "1")
        return "", f"{_BASH} kill: ({pid}) - Operation not permitted\n", 1
    if tool in ("pkill", "killall"):
        return "", "", 1
    return "", f"{_BASH} {tool}: Operation not permitted\n", 1


def _bash(command: str, family: str, rng: random.Random) -> ToolResult:
    segments = _segments(command) or [["true"]]
    if family == "write_ignored":
        return render_exec("", "", 0, rng.uniform(0.002, 0.02))
    if family == "git_empty":
        return render_exec("", texts()["git_not_a_repo"], 128, rng.uniform(0.002, 0.01))
    if family == "network_error":
        words = next((w for w in segments if _tool(w[0]) in _ABSENT | {"curl", "git"} or "pip" in w[0:3]), None)
        words = words or next((w for w in segments if _tool(w[0]).startswith("python")), segments[0])
        out, err, code = _network(words, command, rng)
        return render_exec(out, err, code, rng.uniform(0.01, 0.08))
    if family == "not_found":
        target = next((w for w in segments if any(k in " ".join(w) for k in _SECRET_WORDS)), segments[0])
        out, err, code = _not_found(target, rng)
        return render_exec(out, err, code, rng.uniform(0.002, 0.02))
    out, err, code = _error(segments[0])
    return render_exec(out, err, code, rng.uniform(0.002, 0.02))


def make_decoy(action: Action, family: str, seed: int = 0) -> ToolResult:
    """The result the agent sees instead of running ``action`` (same form as the real tool's result)."""
    if family not in FAMILIES:
        family = "write_ignored" if action.tool in ("write_file", "edit_file") else "error"
    rng = _rng(action, seed)
    if action.tool == "bash":
        return _bash(action.text("command"), family, rng)
    if action.tool == "submit":
        return ToolResult("Submitted.", 0)
    try:
        path = resolve_path(action.text("path"))
    except ValueError:
        path = action.text("path")
    if action.tool == "write_file":
        if family == "write_ignored":
            return written(path, len(action.text("content").encode("utf-8", "surrogatepass")))
        return missing(path)
    if action.tool == "edit_file":
        return edited(path) if family == "write_ignored" else missing(path)
    return missing(path)  # read_file of anything flagged: it does not exist
