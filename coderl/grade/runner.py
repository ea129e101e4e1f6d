"""Runs the hidden tests in the trusted process and reports each outcome on a private channel.

Launched as ``python3 -I -B coderl_grading.py ARGS`` under the grader's uid, with a nonce on stdin,
``CODERL_RESULT_FD`` naming a pipe that the sandbox agent reads and ``CODERL_WORKER_FDS`` the pipes to
the worker that runs the agent's code (``worker.py``, the sandbox uid). No code of the agent's runs in
this process: its modules are proxies (``remote.py``), so the reporter, its nonce, the result pipe and
the tests' expected values are out of the agent's reach. The process runs no programs either (an audit
hook refuses them): a test that needs to run one calls ``coderl_remote.run``, which runs it as the
sandbox user. Standard library and pytest only: this file runs in the sandbox, not in coderl.
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
        # Bound now, not looked up per event: defence in depth against a rebinding of module globals.
        self._write, self._flush, self._dumps = out.write, out.flush, json.dumps
        self.nonce = nonce

    def emit(self, kind: str, **fields: Any) -> None:
        self._write(self._dumps({"nonce": self.nonce, "kind": kind, **fields}) + "\n")
        self._flush()

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


class SharedTmpPath:
    """A test's ``tmp_path`` is lent to the solution: its directory is made writable by the sandbox uid
    (a test writes an input file there, the solution writes its output beside it)."""

    def __init__(self) -> None:
        import pytest

        @pytest.fixture(autouse=True)
        def _coderl_shared_tmp_path(request: Any) -> None:
            if "tmp_path" in request.fixturenames:
                path = request.getfixturevalue("tmp_path")
                os.chmod(path.parent, 0o711)
                os.chmod(path, 0o1777)  # sticky: the solution cannot remove or rename the test's files

        self.shared_tmp_path = _coderl_shared_tmp_path


_NO_PROGRAMS = ("subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "os.forkpty")
_LENT: list[str] = []  # directories lent to the solution (the tests' tmp_path root)


def _guard_events(event: str, args: tuple[Any, ...]) -> None:
    """The test process runs no programs, and opens nothing in a lent directory through a link the
    solution planted (a symlink there could point at the hidden tests' own data)."""
    if event.startswith(_NO_PROGRAMS):
        raise RuntimeError(f"{event}: the grading process runs no programs; use coderl_remote.run(argv)")
    if event == "open" and _LENT and isinstance(args[0], (str, bytes, os.PathLike)):
        path = os.path.abspath(os.fsdecode(args[0]))
        if path.startswith(_LENT[0]) and os.path.realpath(path) != path:
            raise PermissionError(f"{path}: a link in the directory lent to the solution is not followed")


def main(argv: list[str]) -> int:
    nonce = sys.stdin.readline().strip()
    fd = int(os.environ.pop("CODERL_RESULT_FD"))
    rfd, wfd = (int(x) for x in os.environ.pop("CODERL_WORKER_FDS").split(","))
    os.set_inheritable(fd, False)
    out = os.fdopen(fd, "w", buffering=1)
    sys.stdin.close()
    import tempfile

    import pytest

    sys.path.insert(0, GRADING_DIR)
    import coderl_remote

    coderl_remote.install(rfd, wfd, WORKSPACE, os.path.join(GRADING_DIR, "hidden") + os.sep)
    basetemp = tempfile.mkdtemp(prefix="coderl-pytest-")
    _LENT.append(os.path.realpath(basetemp) + os.sep)
    sys.addaudithook(_guard_events)
    args = [*argv, "--confcutdir", GRADING_DIR, "--basetemp", basetemp]
    return int(pytest.main(args, plugins=[ResultChannel(out, nonce), SharedTmpPath()]))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
