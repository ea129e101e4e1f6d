"""Runs the hidden tests inside the grading container and reports each outcome on a private channel.

Launched as ``python3 -I -B coderl_grading.py ARGS`` with a nonce on stdin and ``CODERL_RESULT_FD``
naming a pipe that the sandbox agent reads. Outcomes are taken from the raw call information, not from
report objects a solution could patch, and every line carries the nonce, read before any solution code
is imported. Standard library and pytest only: this file runs in the sandbox, not in coderl.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any, TextIO

GRADING_DIR = os.path.dirname(os.path.abspath(__file__))
WORKSPACE = "/workspace"


class ResultChannel:
    """The pytest plugin: one JSON line per event, written to the agent's pipe."""

    def __init__(self, out: TextIO, nonce: str) -> None:
        self.out = out
        self.nonce = nonce

    def emit(self, kind: str, **fields: Any) -> None:
        self.out.write(json.dumps({"nonce": self.nonce, "kind": kind, **fields}) + "\n")
        self.out.flush()

    def pytest_collection_finish(self, session: Any) -> None:
        self.emit("collected", ids=[item.nodeid for item in session.items])

    def pytest_runtest_makereport(self, item: Any, call: Any) -> None:
        import pytest

        info = call.excinfo
        skipped = info is not None and info.errisinstance(pytest.skip.Exception)
        xfail = info is not None and info.errisinstance(pytest.xfail.Exception)
        self.emit("phase", id=item.nodeid, when=call.when, ok=info is None, skipped=bool(skipped or xfail))

    def pytest_sessionfinish(self, session: Any, exitstatus: int) -> None:
        self.emit("finished", exitstatus=int(exitstatus))


def main(argv: list[str]) -> int:
    nonce = sys.stdin.readline().strip()
    fd = int(os.environ.pop("CODERL_RESULT_FD"))
    out = os.fdopen(fd, "w", buffering=1)
    sys.stdin.close()
    import pytest

    sys.path.insert(0, GRADING_DIR)
    sys.path.append(WORKSPACE)  # last: the solution's modules cannot shadow the standard library or pytest
    return int(pytest.main(argv, plugins=[ResultChannel(out, nonce)]))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
