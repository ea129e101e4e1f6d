"""Runs the hidden tests in the trusted process and reports each outcome on a private channel.

Launched as ``python3 -I -B coderl_grading.py ARGS`` under the grader's uid, with a go line on stdin
(the nonce and the rest of pytest's arguments, see ``main``),
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


def _preload() -> None:
    """Import pytest and the plugins it loads for every run, so that a runner started ahead of its grade
    (held by the sandbox agent until the workspace is there) has paid for them already."""
    import contextlib
    import importlib

    import _pytest.config

    for name in _pytest.config.default_plugins:
        # A plugin of another pytest version is skipped here: pytest.main reports what it really misses.
        with contextlib.suppress(ImportError):
            importlib.import_module(f"_pytest.{name}")


def main(argv: list[str]) -> int:
    """Wait for the go line on stdin (JSON: ``nonce``, ``args`` for pytest after ``argv``, ``cpu``: CPU
    seconds allowed from now on), then run the hidden tests. Everything before the line comes is the
    same for every grade and touches no workspace: the runner may be started before the workspace is
    written (``coderl.grade.grader``, warm graders)."""
    fd = int(os.environ.pop("CODERL_RESULT_FD"))
    rfd, wfd = (int(x) for x in os.environ.pop("CODERL_WORKER_FDS").split(","))
    os.set_inheritable(fd, False)
    out = os.fdopen(fd, "w", buffering=1)
    import resource
    import tempfile

    import pytest

    _preload()
    sys.path.insert(0, GRADING_DIR)
    import coderl_remote

    go = json.loads(sys.stdin.readline())
    sys.stdin.close()
    nonce, args = str(go["nonce"]), [*argv, *(str(a) for a in go["args"])]
    if go.get("cpu"):  # lower this process's CPU budget to the grade's (the agent set a held one)
        used = resource.getrusage(resource.RUSAGE_SELF)
        _, hard = resource.getrlimit(resource.RLIMIT_CPU)
        budget = int(used.ru_utime + used.ru_stime) + int(go["cpu"])
        if hard == resource.RLIM_INFINITY or budget < hard:
            resource.setrlimit(resource.RLIMIT_CPU, (budget, budget))  # hard too: no raising it back
    paths = [str(d) for d in go.get("pythonpath", [])]  # a repository's src/ layout: the agent's import roots
    boundary = coderl_remote.install(rfd, wfd, WORKSPACE, os.path.join(GRADING_DIR, "hidden") + os.sep, paths)
    roots = [str(d) for d in go.get("test_roots", [])]  # where a clone's pytest run imports from first
    if paths or roots:
        boundary.request("syspath", dirs=paths, tests=roots)
    if go.get("cpu"):
        boundary.request("limit_cpu", seconds=int(go["cpu"]))
    basetemp = tempfile.mkdtemp(prefix="coderl-pytest-")
    _LENT.append(os.path.realpath(basetemp) + os.sep)
    sys.addaudithook(_guard_events)
    args += ["--confcutdir", GRADING_DIR, "--basetemp", basetemp]
    return int(pytest.main(args, plugins=[ResultChannel(out, nonce), SharedTmpPath()]))


if __name__ == "__main__":
    status = main(sys.argv[1:])
    # Every event is on the result channel (flushed as written); skip the interpreter's teardown of
    # pytest's modules, tens of milliseconds the grade would wait for before its streams close.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)
