"""``coderl-run ARGV...`` inside a check script: run a command as the sandbox uid, in the workspace.

The shell function hands the arguments over on stdin (their count, then each, NUL-terminated), so that they never
stand on a command line, which other uids can read.

The request goes to the check runner (``checkrun.py``) over its private socket; the command runs in the
grading worker, and its output is printed here and its exit status returned (124 after its time limit,
128+N when signal N ended it, 125 when it could not be run). ``CODERL_RUN_TIMEOUT`` (seconds) overrides
the check's time limit for one call. Standard library only: copied into the container as ``coderl_run.py``.
"""

from __future__ import annotations

import json
import os
import socket
import sys


def main(argv: list[str]) -> int:
    if not argv:
        print("coderl-run: usage: coderl-run COMMAND [ARG...]", file=sys.stderr)
        return 125
    timeout = os.environ.get("CODERL_RUN_TIMEOUT")
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
        conn.connect(os.environ["CODERL_RUN_SOCKET"])
        conn.sendall(json.dumps({"argv": argv, "timeout": float(timeout) if timeout else None}).encode() + b"\n")
        data = b""
        while True:
            chunk = conn.recv(1 << 16)
            if not chunk:
                break
            data += chunk
    try:
        reply = json.loads(data)
    except ValueError:
        print("coderl-run: no answer from the check runner", file=sys.stderr)
        return 125
    if "error" in reply:
        print(f"coderl-run: {argv[0]}: {reply['error']}", file=sys.stderr)
        return 125
    sys.stdout.write(str(reply.get("stdout", "")))
    sys.stderr.write(str(reply.get("stderr", "")))
    code = reply.get("returncode")
    if code is None:
        return 124
    return int(code) if int(code) >= 0 else 128 - int(code)


def read_argv(data: bytes) -> list[str]:
    """The arguments as the shell function sent them: their count, then each one, NUL-terminated."""
    parts = data.split(b"\0")
    count = int(parts[0])
    if len(parts) < count + 2:
        raise ValueError("coderl-run: arguments cut short")
    return [p.decode("utf-8", "surrogateescape") for p in parts[1 : count + 1]]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or read_argv(sys.stdin.buffer.read())))
