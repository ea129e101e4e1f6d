"""Runs a task's hidden check script in the grading container and reports its verdict.

A check is trusted code (the task author's bash script), so it runs here, under the grader's uid, with
the result channel only this process holds; the agent's code runs only in the worker, as the sandbox
uid, when the script asks for it with ``coderl-run ARGV...`` (a shell function the script is given):
the request goes over a socket in a directory only the grader's uid can enter, then to the worker over
the grading boundary's pipes (``coderl_remote``), and the command's exit status and output come back
as plain data. So the agent's code can change what its commands print and return (that is what the
check judges) but not the script, its exit status, or the verdict: the processes that hold them run
under another uid. The script runs with a clean environment, ``PATH=/usr/bin:/bin``, in a private
directory (``$CODERL_CHECK_TMP``, also ``$HOME``), never in the workspace: it reads the workspace at
``$CODERL_WORKSPACE`` as data and must not execute anything from it itself. What the agent submitted, before any
of its programs ran, is at ``$CODERL_SUBMITTED`` (a private copy): judge files there, since the agent's programs
can rewrite ``/workspace`` while the check runs; read ``$CODERL_WORKSPACE`` for what those programs produced.
The worker that runs the programs is out of their reach, and kills what each one leaves running
(``coderl_worker.py --check``).

Launched as ``python3 -I -B coderl_check.py`` with a go line on stdin (JSON: ``nonce``, ``script``, the
check's path; ``collect_only``; ``cpu``: CPU seconds allowed; ``timeout``: seconds per ``coderl-run``).
It reports the events the pytest runner reports, for one test, ``check::SCRIPT``. Standard library
only: this file runs in the sandbox, not in coderl.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
from typing import Any

GRADING_DIR = os.path.dirname(os.path.abspath(__file__))
WORKSPACE = "/workspace"
SUBMITTED = os.path.join(GRADING_DIR, "submitted")  # the graded files, written by the grader (grader.py)
# The arguments travel on the client's stdin, not its command line: a process's command line is readable by every
# uid that can see it (red-team round 25 read a check's arguments there). The count comes first, so that
# `coderl-run ""` and `coderl-run` stay apart.
PRELUDE = (
    'coderl-run() {{ {{ printf \'%s\\0\' "$#"; [ "$#" -eq 0 ] || printf \'%s\\0\' "$@"; }} '
    "| python3 -I -B {dir}/coderl_run.py; }}\n"
)


def check_id(script: str) -> str:
    """The check's test id in a grade's report."""
    return f"check::{script}"


def _serve(server: socket.socket, boundary: Any, timeout: float) -> None:
    """Answer each ``coderl-run`` request in turn: run its argv in the worker, as the sandbox uid."""
    while True:
        try:
            conn, _ = server.accept()
        except OSError:
            return
        with conn:
            data = b""
            while not data.endswith(b"\n"):
                chunk = conn.recv(1 << 16)
                if not chunk:
                    break
                data += chunk
            reply: dict[str, Any]
            try:
                request = json.loads(data)
                argv = [str(a) for a in request["argv"]]
                if not argv:
                    raise ValueError("coderl-run needs a command")
                reply = boundary.request("run", argv=argv, input=None, timeout=float(request.get("timeout") or timeout))
                if not isinstance(reply, dict):
                    reply = {"error": "malformed answer from the solution's process"}
            except Exception as exc:  # any failure is the script's to see, as an error
                reply = {"error": f"{type(exc).__name__}: {exc}"}
            with contextlib.suppress(OSError):
                conn.sendall(json.dumps(reply).encode() + b"\n")


def _snapshot(dest: str) -> str | None:
    """A copy of the workspace as the agent left it, that only this uid can reach: what a check judges as
    submitted (a configuration, a version) is read here, because a program the check runs can change
    ``/workspace`` while the check reads it. It is copied from the grader's own copy of the graded files
    (``submitted/``, written beside the workspace), never from ``/workspace``: reading that before the agent's
    programs run left a trace on its files (their access times) that no fresh checkout has (red-team round 14).
    Symlinks are copied as links. None when the copy is not whole (a full disk, a tree too deep): a check that
    tests for a file's absence would otherwise pass on a partial copy, so the check fails instead."""
    if not os.path.isdir(SUBMITTED):  # an empty workspace: nothing was written
        os.mkdir(dest)
        return dest
    try:
        shutil.copytree(SUBMITTED, dest, symlinks=True, ignore_dangling_symlinks=True)
    except (OSError, shutil.Error, RecursionError) as exc:
        print(f"coderl check: the submitted workspace could not be copied whole: {str(exc)[:300]}", flush=True)
        return None
    return dest


def main() -> int:
    fd = int(os.environ.pop("CODERL_RESULT_FD"))
    rfd, wfd = (int(x) for x in os.environ.pop("CODERL_WORKER_FDS").split(","))
    os.set_inheritable(fd, False)
    out = os.fdopen(fd, "w", buffering=1)
    sys.path.insert(0, GRADING_DIR)
    import coderl_remote

    go = json.loads(sys.stdin.readline())
    sys.stdin.close()
    nonce, script = str(go["nonce"]), str(go["script"])

    def emit(kind: str, **fields: Any) -> None:
        out.write(json.dumps({"nonce": nonce, "kind": kind, **fields}) + "\n")
        out.flush()

    test = check_id(script)
    path = os.path.join(GRADING_DIR, "hidden", script)
    with open(path, encoding="utf-8", errors="replace") as handle:
        text = handle.read()
    emit("collected", ids=[test])
    if go.get("collect_only"):
        emit("finished", exitstatus=0)
        return 0
    paths = [str(d) for d in go.get("pythonpath", [])]  # a repository's src/ layout: the agent's import roots
    boundary = coderl_remote.install(rfd, wfd, WORKSPACE, os.path.join(GRADING_DIR, "hidden") + os.sep, paths)
    if paths:
        boundary.request("syspath", dirs=paths)
    if go.get("cpu"):
        boundary.request("limit_cpu", seconds=int(go["cpu"]))
    private = tempfile.mkdtemp(prefix="coderl-check-")  # mode 0700: the sandbox uid cannot reach the socket
    os.mkdir(os.path.join(private, "tmp"))
    submitted = _snapshot(os.path.join(private, "submitted"))
    if submitted is None:
        emit("phase", id=test, when="setup", ok=False, skipped=False)
        emit("finished", exitstatus=1)
        return 1
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(os.path.join(private, "run.sock"))
    server.listen(8)
    threading.Thread(target=_serve, args=(server, boundary, float(go.get("timeout") or 120)), daemon=True).start()
    # The script is read from a file of this private folder, never passed as an argument (a command line is
    # readable by other uids, red-team round 25 read the whole hidden check there).
    source = os.path.join(private, "check.sh")
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": private,
        "TMPDIR": os.path.join(private, "tmp"),
        "LANG": "C.UTF-8",
        "CODERL_CHECK_TMP": os.path.join(private, "tmp"),
        "CODERL_WORKSPACE": WORKSPACE,
        "CODERL_SUBMITTED": submitted,
        "CODERL_RUN_SOCKET": os.path.join(private, "run.sock"),
        "CODERL_CHECK_SOURCE": source,
    }
    emit("phase", id=test, when="setup", ok=True, skipped=False)
    with open(source, "w", encoding="utf-8") as handle:
        handle.write(text)
    proc = subprocess.run(
        ["bash", "-c", PRELUDE.format(dir=GRADING_DIR) + '. "$CODERL_CHECK_SOURCE"', f"check:{script}"],
        cwd=private,
        env=env,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    ok = proc.returncode == 0
    print(f"\ncoderl check {script}: exit status {proc.returncode}", flush=True)
    emit("phase", id=test, when="call", ok=ok, skipped=False)
    emit("phase", id=test, when="teardown", ok=True, skipped=False)
    emit("finished", exitstatus=0 if ok else 1)
    return 0 if ok else 1


if __name__ == "__main__":
    status = main()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)
