"""Grading in a fresh container, with the verdict out of the reach of the agent's code.

The agent's final workspace is restored and neutralized (``prepare_workspace``); the hidden tests run
in a trusted pytest process under the grader's uid, and the agent's code runs in a worker process under
the sandbox uid (``worker.py``). They share nothing but a pair of pipes carrying plain data (``wire.py``):
the agent's modules are proxies in the test process (``remote.py``), so every comparison, every
``pytest.raises`` outcome and every report is made where the agent's code never runs. The test process
reports each test phase, tagged with a nonce, on a pipe only the sandbox agent reads. The reward counts
only tests of the hidden suite (as collected from the task's own workspace) that passed in a run that
finished: an early exit, a skip, a missing test or a forged line is not a pass. A workspace that cannot
be graded because of what the agent left in it is a graded 0 with a note, never an exception.
"""

from __future__ import annotations

import ast
import asyncio
import hashlib
import json
import logging
import posixpath
import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from coderl.grade import checkclient, checkrun, hidden, remote, runner, wire, worker
from coderl.grade.commit import (
    Commit,
    CommitRefused,
    check_out,
    commit_notes,
    committed_tree,
    graded_on_commit,
)
from coderl.grade.workspace import (
    INSTALLED_IMPORTS_SCRIPT,
    CommittedFileRefused,
    normalized_paths,
    prepare_workspace,
)
from coderl.sandbox.pool import SandboxPool
from coderl.sandbox.sandbox import ExecResult, Sandbox, SandboxError
from coderl.task import Task

__all__ = [
    "MAX_WORKSPACE_BYTES",
    "GradeResult",
    "Grader",
    "GradingError",
    "TaskNotGradable",
    "prepare_grading",
    "read_workspace_dir",
]

log = logging.getLogger("coderl.grade")

GRADING_DIR = "/tmp/coderl-grading"
WORKER_DIR = "/tmp/coderl-worker"
_TRUSTED_SOURCES = {
    "coderl_grading.py": Path(runner.__file__).read_bytes(),
    "coderl_remote.py": Path(remote.__file__).read_bytes(),
    "coderl_wire.py": Path(wire.__file__).read_bytes(),
    "pytest.ini": b"[pytest]\n",
    "coderl_check.py": Path(checkrun.__file__).read_bytes(),
    "coderl_run.py": Path(checkclient.__file__).read_bytes(),
}
_WORKER_SOURCES = {
    "coderl_worker.py": Path(worker.__file__).read_bytes(),
    "coderl_wire.py": Path(wire.__file__).read_bytes(),
}
_WORKER_ARGV = ["python3", "-I", "-B", f"{WORKER_DIR}/coderl_worker.py"]
_RUNNER_ARGV = ["python3", "-I", "-B", f"{GRADING_DIR}/coderl_grading.py"]
SUBMITTED_DIR = f"{GRADING_DIR}/submitted"  # the graded files as submitted, for a check (checkrun.py)
_CHECK_ARGV = ["python3", "-I", "-B", f"{GRADING_DIR}/coderl_check.py"]
_CHECK_WORKER_ARGV = [*_WORKER_ARGV, "--check"]  # runs programs only, out of their reach (worker.main)
_RUNNER_ENV = {"PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
# A held runner's CPU rlimit (where only rlimits hold): the longest grading a task may ask for
# (``timeout_s`` <= 3600); the runner and the worker lower it to the grade's own budget at go.
_HELD_CPU_S = 3601.0
_HELD = "grading"  # the key of a prepared runner's handle in ``Sandbox.prepared``


class GradingError(RuntimeError):
    """Grading could not be carried out (sandbox failure, or a task whose hidden suite cannot be collected)."""


class TaskNotGradable(GradingError):
    """The task itself is broken: its hidden suite cannot be collected against its own workspace."""


class _WorkspaceRefused(Exception):
    """What the agent left cannot be graded (too many files, a path that cannot be restored)."""


@dataclass(frozen=True)
class GradeResult:
    """One grade, as ``coderl grade`` prints it."""

    task: str
    reward: float
    passed: int
    failed: int
    errors: int
    expected: int
    skipped: int = 0
    notes: list[str] = field(default_factory=list)
    duration_s: float = 0.0
    output: str = ""  # the test run's output and the solution process's, when asked for (``keep_output``)

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        if not self.output:
            del out["output"]
        return out


MAX_WORKSPACE_BYTES = 64 << 20  # what a sandbox download returns at most


def read_workspace_dir(root: Path, max_bytes: int = MAX_WORKSPACE_BYTES, *, keep_git: bool = False) -> dict[str, bytes]:
    """Regular files under a host directory (links are not followed), as the grader takes them; ``keep_git``
    keeps the repository's own top-level ``.git`` (a repository task is graded on the commit made with it).

    Raises ValueError naming the file when the files add up to more than ``max_bytes``.
    """
    files: dict[str, bytes] = {}
    total = 0
    for path in sorted(root.rglob("*")):
        parts = path.relative_to(root).parts
        if ".git" in parts and not (keep_git and parts[0] == ".git" and ".git" not in parts[1:]):
            continue
        if path.is_file() and not path.is_symlink():
            total += path.stat().st_size
            if total > max_bytes:
                raise ValueError(f"{path}: the workspace exceeds {max_bytes >> 20} MiB, more than a sandbox holds")
            files[path.relative_to(root).as_posix()] = path.read_bytes()
    return files


async def _write_trusted_sources(sandbox: Sandbox) -> None:
    """The test process's code (readable by the grader's uid only) and the worker's (read-only)."""
    await sandbox.write_files(_TRUSTED_SOURCES, GRADING_DIR, owner="grader", file_mode="0400")
    await sandbox.write_files(_WORKER_SOURCES, WORKER_DIR, owner="root", file_mode="0444", dir_mode="0555")


async def prepare_grading(sandbox: Sandbox) -> None:
    """Make a fresh sandbox a warm grader, before any grade needs it: the trusted sources written, the
    test process started under the grader's uid with pytest imported, and the worker started under the
    sandbox uid, both held by the sandbox agent until a grade writes its tests and workspace and sends
    the go line. Nothing of any task or agent is in the container yet: what is prepared is the same for
    every grade, and the container still serves one grade only."""
    await _write_trusted_sources(sandbox)
    sandbox.prepared[_HELD] = await sandbox.spawn(
        _RUNNER_ARGV,
        cpu_limit=_HELD_CPU_S,
        env=_RUNNER_ENV,
        result_channel=True,
        user="grader",
        worker=_WORKER_ARGV,
    )


def in_file_order(tests: Sequence[str], hidden: Mapping[str, bytes]) -> list[str]:
    """Test ids (``path::name``, ``path::Class::name``, ``name[param]``) in the order a run of their files runs
    them: by file, then by where each test is defined in it (listed order among a test's parameters). pytest
    runs ids given on its command line in that order; run FAIL_TO_PASS first, a fix that a PASS_TO_PASS test's
    call switches off (state left for the tests after it) passed only in the grade (red-team round 17)."""

    def where(path: str) -> dict[tuple[str, ...], int]:
        lines: dict[tuple[str, ...], int] = {}
        try:
            tree = ast.parse(hidden.get(path, b""))
        except (SyntaxError, ValueError):
            return lines

        def visit(body: list[ast.stmt], scope: tuple[str, ...]) -> None:
            for node in body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    lines.setdefault((*scope, node.name), node.lineno)
                elif isinstance(node, ast.ClassDef):
                    lines.setdefault((*scope, node.name), node.lineno)
                    visit(node.body, (*scope, node.name))

        visit(tree.body, ())
        return lines

    known: dict[str, dict[tuple[str, ...], int]] = {}

    def key(item: tuple[int, str]) -> tuple[str, int, int]:
        listed, test = item
        path, _, rest = test.partition("::")
        names = tuple(n.split("[", 1)[0] for n in rest.split("::")) if rest else ()
        lines = known.setdefault(path, where(path))
        return path, lines.get(names, 1 << 30), listed

    return [test for _, test in sorted(enumerate(tests), key=key)]


def import_roots_of_tests(task: Task, workspace: Mapping[str, bytes]) -> list[str]:
    """The folders a clone's pytest run puts first on the import path for a repository task's listed test files,
    in the order it leaves them: each test file's first folder upward without an ``__init__.py`` (pytest's
    default ``prepend`` import mode), inserted in front as the files are imported. The grading worker imports
    the agent's code with the same path, so a module beside the tests (``tests/keys.py``) is found first there
    too (red-team round 19 kept the bug in one, which every clone's test run imported and the grade did not)."""
    roots: list[str] = []
    for test in in_file_order(task.repo.tests, task.hidden) if task.repo is not None else []:
        folder = posixpath.dirname(test.partition("::")[0])
        while folder and f"{folder}/__init__.py" in workspace:
            folder = posixpath.dirname(folder)
        root = f"/workspace/{folder}" if folder else "/workspace"
        if root not in roots:
            roots.insert(0, root)
    return roots


def _pythonpath(task: Task) -> list[str]:
    """A repository task's import roots besides the workspace itself (``[repo] pythonpath``)."""
    return [f"/workspace/{d}" for d in task.repo.pythonpath] if task.repo is not None else []


def _hidden_files(task: Task) -> dict[str, bytes]:
    out: dict[str, bytes] = {}
    for path, data in task.hidden.items():
        if path.endswith(".py"):
            try:
                text, _ = hidden.rewrite_hidden(data.decode("utf-8"), path)
                data = text.encode()
            except (SyntaxError, UnicodeDecodeError, ValueError):
                pass  # a broken hidden file fails at collection, where it is reported
        out[f"hidden/{path}"] = data
    return out


@dataclass
class _Run:
    collected: list[str] | None = None
    phases: dict[str, dict[str, tuple[bool, bool]]] = field(default_factory=dict)
    finished: int | None = None
    notes: list[str] = field(default_factory=list)
    tampered: bool = False


def _read_events(raw: bytes, nonce: str) -> _Run:
    run = _Run()
    forged = 0
    for line in raw.decode("utf-8", errors="replace").splitlines():
        try:
            event = json.loads(line)
        except json.JSONDecodeError:
            forged += 1
            continue
        if not isinstance(event, dict) or event.get("nonce") != nonce:
            forged += 1
            continue
        kind = event.get("kind")
        if kind == "collected":
            if run.collected is not None:
                run.tampered = True
                run.notes.append("the test list was reported twice")
            run.collected = [str(i) for i in event.get("ids", [])]
        elif kind == "phase":
            phases = run.phases.setdefault(str(event.get("id")), {})
            when = str(event.get("when"))
            if when in phases:
                run.tampered = True
                run.notes.append(f"{event.get('id')} {when} was reported twice")
            phases[when] = (bool(event.get("ok")), bool(event.get("skipped")))
        elif kind == "finished":
            run.finished = int(event.get("exitstatus", -1))
    if forged:
        run.tampered = True
        run.notes.append(f"{forged} forged or malformed line(s) on the result channel")
    return run


class Grader:
    """Grades workspaces against tasks using fresh containers from a pool's engine."""

    max_workspace_files = 10_000  # more is a graded 0: laying out a huge tree would stall the grader

    def __init__(self, pool: SandboxPool, *, warm: int | None = None) -> None:
        """``warm``: grading containers kept prepared ahead (``prepare_grading``); default the pool's
        ``SandboxConfig.warm_graders``; 0 starts each grade's test process on demand."""
        self.pool = pool
        self.warm = pool.config.warm_graders if warm is None else warm
        if self.warm > 0:
            pool.set_fresh_preparer(prepare_grading, self.warm)
        self._expected: dict[str, list[str]] = {}
        self._installed: dict[str, frozenset[str]] = {}
        self.stats = {"warm": 0, "cold": 0}

    async def _pytest(
        self, task: Task, workspace: dict[str, bytes], *, collect_only: bool, executable: frozenset[str] = frozenset()
    ) -> tuple[_Run, ExecResult]:
        nonce = secrets.token_hex(16)
        args = ["-c", f"{GRADING_DIR}/pytest.ini", "--rootdir", GRADING_DIR, "-p", "no:cacheprovider"]
        if task.repo is not None:  # the listed tests only: an unlisted test of the repository counts for nothing
            targets = [f"{GRADING_DIR}/hidden/{t}" for t in in_file_order(task.repo.tests, task.hidden)]
        else:
            targets = [f"{GRADING_DIR}/hidden"]
        args += [*task.grading.pytest_args, *(["--collect-only"] if collect_only else []), *targets]
        go: dict[str, Any] = {"nonce": nonce, "args": args, "pythonpath": _pythonpath(task)}
        go["test_roots"] = import_roots_of_tests(task, workspace)
        return await self._in_fresh(task, workspace, go, task.grading.timeout_s, _RUNNER_ARGV, executable)

    async def _check(
        self, task: Task, workspace: dict[str, bytes], *, collect_only: bool, executable: frozenset[str] = frozenset()
    ) -> tuple[_Run, ExecResult]:
        """Run the task's check script (``checkrun.py``) in its own fresh container."""
        assert task.check is not None
        nonce = secrets.token_hex(16)
        timeout = task.check.timeout_s
        go: dict[str, Any] = {
            "nonce": nonce,
            "script": task.check.script,
            "collect_only": collect_only,
            "cpu": int(timeout) + 1,
            "timeout": timeout,
            "pythonpath": _pythonpath(task),
        }
        return await self._in_fresh(task, workspace, go, timeout, _CHECK_ARGV, executable)

    async def _in_fresh(
        self,
        task: Task,
        workspace: dict[str, bytes],
        go: dict[str, Any],
        timeout: float,
        argv: list[str],
        executable: frozenset[str] = frozenset(),
    ) -> tuple[_Run, ExecResult]:
        """One trusted grading process (``argv``, the grader's uid) beside its worker in a fresh container,
        the hidden files and the workspace written first; its events read from the result channel."""
        async with self.pool.fresh() as sandbox:
            # A warm grader holds a pytest runner (its trusted sources written); a check starts its own
            # process beside it, and the held runner goes with the container, unused.
            warm = _HELD in sandbox.prepared
            held = sandbox.prepared.pop(_HELD, None) if argv is _RUNNER_ARGV else None
            if not warm:
                await _write_trusted_sources(sandbox)
            try:
                if task.repo is not None:  # laid out by git, as a clone of the commit is (commit.check_out)
                    await check_out(sandbox, workspace, executable)
                else:
                    await sandbox.write_files(workspace, executable=executable)
                if argv is _CHECK_ARGV:
                    # What the check judges as submitted: the same files, written again where only the grader's
                    # uid reaches. A copy of /workspace read every file before the agent's programs ran, which no
                    # checkout is (red-team round 14 made the build only where its files had been read: atime).
                    await sandbox.write_files(
                        workspace, SUBMITTED_DIR, owner="grader", executable=executable, dir_mode="0700"
                    )
            except RuntimeError as exc:  # the agent's files could not be laid out (a SandboxError is re-raised)
                if isinstance(exc, SandboxError):
                    raise
                raise _WorkspaceRefused(f"the workspace could not be restored for grading: {exc}") from exc
            # The hidden tests: readable by the grader's uid only, their directory closed to the sandbox uid (and
            # written last: this closes the grading folder to writes, the submitted copy's too).
            await sandbox.write_files(
                _hidden_files(task), GRADING_DIR, owner="grader", file_mode="0400", dir_mode="0500"
            )
            result = None
            if held is not None:
                stdin = (json.dumps({**go, "cpu": int(timeout) + 1}) + "\n").encode()
                try:
                    result = await sandbox.resume(held, stdin=stdin, timeout=timeout, max_output=16 << 10)
                    self.stats["warm"] += 1
                except RuntimeError as exc:
                    if isinstance(exc, SandboxError) or "HeldProcessGone" not in str(exc):
                        raise
                    # Nothing of the agent's has run here (the worker imports on request only): start anew.
                    log.warning("warm grader %s lost its test process (%s); grading cold", sandbox.name, exc)
            if result is None:
                self.stats["cold"] += 1
                result = await sandbox.run(
                    argv,
                    timeout=timeout,
                    stdin=(json.dumps(go) + "\n").encode(),
                    env=_RUNNER_ENV,
                    result_channel=True,
                    max_output=16 << 10,
                    user="grader",
                    worker=_CHECK_WORKER_ARGV if argv is _CHECK_ARGV else _WORKER_ARGV,
                )
        return _read_events(result.results, str(go["nonce"])), result

    async def expected_tests(self, task: Task) -> list[str]:
        """The ids that are graded, found once per task from the task's own starting workspace: the hidden
        suite's tests as collected (for a repository task, the FAIL_TO_PASS and PASS_TO_PASS tests, each
        of which must be collected), then the check script's id (``check::SCRIPT``) when there is one."""
        key = hashlib.sha256(repr((sorted(task.hidden.items()), task.id, task.repo, task.check)).encode()).hexdigest()
        if key not in self._expected:
            env = task.environment
            if env is not None and not self.pool.config.image.endswith(f":{env.key}"):
                raise TaskNotGradable(
                    f"task {task.id}: needs its environment image {task.image(self.pool.config.image)!r} "
                    f"(`coderl sandbox build --tasks DIR`), but this grader's pool runs {self.pool.config.image!r}"
                )
            ids: list[str] = []
            if task.has_tests:
                try:
                    run, result = await self._pytest(task, dict(task.workspace), collect_only=True)
                except _WorkspaceRefused as exc:
                    raise GradingError(f"task {task.id}: its own workspace cannot be laid out: {exc}") from exc
                if not run.collected or run.finished is None or run.tampered:
                    tail = (result.stdout + result.stderr)[-1500:]
                    raise TaskNotGradable(f"task {task.id}: the hidden tests could not be collected:\n{tail}")
                ids = run.collected
                if task.repo is not None:
                    ids = [f"hidden/{t}" for t in task.repo.tests]
                    missing = [t for t in task.repo.tests if f"hidden/{t}" not in run.collected]
                    if missing:
                        raise TaskNotGradable(
                            f"task {task.id}: {len(missing)} listed test(s) are not in the hidden suite "
                            f"(e.g. {missing[0]!r}); collected: {run.collected[:5]}"
                        )
            if task.check is not None:
                ids = [*ids, checkrun.check_id(task.check.script)]
            self._expected[key] = ids
        return self._expected[key]

    async def installed_imports(self) -> frozenset[str]:
        """The top-level names that the third-party code installed in this grader's image imports (found once
        per image, in a fresh container, by the grader's uid): a new workspace module of such a name would be
        picked up by that code, as tabulate picks up a ``wcwidth.py`` (red-team rounds 5-7)."""
        image = self.pool.config.image
        if image not in self._installed:
            async with self.pool.fresh() as sandbox:
                result = await sandbox.run(
                    ["python3", "-I", "-c", INSTALLED_IMPORTS_SCRIPT], timeout=120, user="grader", max_output=4 << 20
                )
            if result.exit_code != 0:
                raise GradingError(
                    f"listing the imports of {image}'s installed packages failed: {result.stderr[-500:]}"
                )
            self._installed[image] = frozenset(json.loads(result.stdout))
        return self._installed[image]

    @staticmethod
    def _zero(task: Task, expected: list[str], notes: list[str], start: float) -> GradeResult:
        return GradeResult(
            task=task.id,
            reward=0.0,
            passed=0,
            failed=0,
            errors=len(expected),
            expected=len(expected),
            notes=notes,
            duration_s=time.perf_counter() - start,
        )

    async def grade(
        self,
        task: Task,
        agent_files: dict[str, bytes],
        *,
        commit: Commit | CommitRefused | None = None,
        keep_output: bool = False,
    ) -> GradeResult:
        """Grade the agent's final workspace; raises GradingError only when the infrastructure fails
        (TaskNotGradable when the task's own hidden suite cannot be collected). ``commit``: for a repository
        task, the commit ``commit_workspace`` made in the agent's own sandbox (or why it was refused); without
        it the files are committed in a fresh container. ``keep_output`` keeps the test run's output (failing
        tests' tracebacks) and the solution process's in the result."""
        start = time.perf_counter()
        try:
            expected = await self.expected_tests(task)
            if len(agent_files) > self.max_workspace_files:
                limit = self.max_workspace_files
                raise _WorkspaceRefused(f"the workspace has {len(agent_files)} files (at most {limit})")
            committed: list[str] = []
            made: Commit | None = None
            if graded_on_commit(task):
                agent_files, committed = normalized_paths(agent_files)
                # What a commit of the work holds, as git makes it (the SWE-bench view of a patch): made where
                # the work was done when the caller has it (an episode's sandbox), else from the files here.
                if isinstance(commit, CommitRefused):
                    raise commit
                if commit is None:
                    made, notes = await committed_tree(self.pool, agent_files, task.workspace)
                else:
                    made, notes = commit, commit_notes(agent_files, commit)
                agent_files, committed = made.files, committed + notes
            foreign = await self.installed_imports() if task.repo is not None else frozenset()
            files, notes = prepare_workspace(task, agent_files, foreign)
            notes = committed + notes
            # The executable bits the commit recorded, on the files graded as it holds them (not on a file put back
            # as the task gave it): a script's mode is part of the work (red-team rounds 8 and 10).
            executable: frozenset[str] = frozenset()
            if made is not None:  # a protected file the agent left as the task gave it keeps its committed mode too
                executable = frozenset(p for p in made.executable if p in files and files[p] == made.files.get(p))
            parts: list[Any] = []
            if task.has_tests:
                parts.append(self._pytest(task, files, collect_only=False, executable=executable))
            if task.check is not None:
                parts.append(self._check(task, files, collect_only=False, executable=executable))
            done = await asyncio.gather(*parts)
        except (_WorkspaceRefused, CommitRefused, CommittedFileRefused) as exc:
            return self._zero(task, expected, [str(exc)], start)
        except SandboxError as exc:
            raise GradingError(f"task {task.id}: sandbox failed during grading: {exc}") from exc
        runs: list[tuple[_Run, ExecResult, str, float]] = []
        if task.has_tests:
            runs.append((*done[0], "the test run", task.grading.timeout_s))
        if task.check is not None:
            runs.append((*done[-1], "the check script", task.check.timeout_s))
        phases: dict[str, dict[str, tuple[bool, bool]]] = {}
        collected: list[str] = []
        complete = True
        clean_exit = True
        for run, result, what, budget in runs:
            notes = notes + run.notes
            collected += run.collected or []
            phases.update(run.phases)
            if result.timed_out:
                notes.append(f"{what} timed out after {budget:g} s")
            elif run.finished is None:
                notes.append(f"{what} ended early (exit status {result.exit_code}) before it finished")
            complete = complete and run.finished is not None and not run.tampered and not result.timed_out
            clean_exit = clean_exit and run.finished == 0
        missing = [t for t in expected if t not in collected]
        extra = [t for t in collected if t not in set(expected)]
        if missing:
            notes.append(f"{len(missing)} of {len(expected)} hidden tests were not collected (e.g. {missing[0]})")
        if extra:
            notes.append(f"{len(extra)} unexpected test(s) collected and ignored")
        passed = failed = skipped = 0
        ok: set[str] = set()
        for test in expected:
            test_phases = phases.get(test, {})
            if any(s for _, s in test_phases.values()):
                skipped += 1
            elif "call" in test_phases and all(good for good, _ in test_phases.values()) and len(test_phases) == 3:
                passed += 1
                ok.add(test)
            elif "call" in test_phases and not test_phases["call"][0]:
                failed += 1
        if skipped:
            notes.append(f"{skipped} hidden test(s) skipped (a skip is not a pass)")
        errors = len(expected) - passed - failed - skipped
        if task.repo is not None:
            f2p = [f"hidden/{t}" for t in task.repo.fail_to_pass]
            kept = [t for t in expected if t not in set(f2p)]  # PASS_TO_PASS and the check
            f2p_ok = sum(t in ok for t in f2p)
            kept_ok = sum(t in ok for t in kept)
            notes.append(f"FAIL_TO_PASS {f2p_ok}/{len(f2p)} passed, PASS_TO_PASS (and check) {kept_ok}/{len(kept)}")
        if task.grading.reward == "all":
            reward = 1.0 if complete and passed == len(expected) and clean_exit else 0.0
        elif task.repo is not None:  # the fixed fraction, and nothing that worked may break
            fixed = f2p_ok / len(f2p) if f2p else 1.0
            reward = fixed if complete and kept_ok == len(kept) else 0.0
        else:
            reward = passed / len(expected) if complete and expected else 0.0
        return GradeResult(
            task=task.id,
            reward=reward,
            passed=passed,
            failed=failed,
            errors=errors,
            expected=len(expected),
            skipped=skipped,
            notes=notes,
            duration_s=time.perf_counter() - start,
            output="\n".join(_output(result) for _, result, _, _ in runs) if keep_output else "",
        )


def _output(result: ExecResult) -> str:
    text = result.stdout + result.stderr
    if result.worker_output.strip():
        text += "\n--- the solution's process ---\n" + result.worker_output
    return text
