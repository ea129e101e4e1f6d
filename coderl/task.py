"""The task format: a directory with ``task.toml``, a starting ``workspace/`` and ``hidden/`` tests.

Optional tables: ``[repo]`` makes a repository task (FAIL_TO_PASS / PASS_TO_PASS lists; the workspace is
given as a git repository holding only its base, see ``coderl.gitbase``), ``[check]`` a hidden check
script run in the grading container, ``[environment]`` what the task's sandbox image installs.

``load_task`` validates everything and reports every problem at once, each naming its file and field,
so a broken task suite fails loudly at load time rather than silently at grading time.
"""

from __future__ import annotations

import hashlib
import json
import re
import shlex
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

__all__ = [
    "DEFAULT_HIDDEN",
    "DEFAULT_PROTECTED",
    "TEST_FILE",
    "CheckSpec",
    "EnvironmentSpec",
    "GradingSpec",
    "RepoSpec",
    "Task",
    "TaskError",
    "glob_regex",
    "load_task",
    "load_tasks",
    "suite_image",
]

# Test files and test configuration: the agent must not change them (a task adds its own globs).
DEFAULT_PROTECTED: tuple[str, ...] = (
    "tests/**",
    "test/**",
    "test_*.py",
    "*_test.py",
    "test.py",
    "tests.py",
    "run_tests.py",
    "runtests.py",
    "run_tests.sh",
    "run-tests.sh",
    "conftest.py",
    # other languages' test files: JavaScript/TypeScript, Go, Ruby, Rust
    "test.js",
    "test.cjs",
    "test.mjs",
    "test.ts",
    "*.test.js",
    "*.test.ts",
    "*.spec.js",
    "*.spec.ts",
    "__tests__/**",
    "spec/**",
    "*_test.go",
    "*_spec.rb",
)
# Where hidden tests, expected outputs and grader files live; never readable by the agent.
DEFAULT_HIDDEN: tuple[str, ...] = (
    "hidden/**",
    "hidden_tests/**",
    ".hidden/**",
    "/grader/**",
    "/hidden/**",
    "expected_output*",
    "grader.py",
    "hidden_test*",
    "/tests/**",
    "/eval/**",
    "/evals/**",
    "/evaluation/**",
    "/judge/**",
    "/solution/**",
    "/solutions/**",
    "/*.diff",
    "/*.patch",
)


@lru_cache(maxsize=1024)
def glob_regex(glob: str) -> re.Pattern[str]:
    """gitignore-style glob: no '/' matches a basename at any depth; '**' spans directories."""
    anchored = "/" in glob.rstrip("/")
    g = glob.lstrip("/") if not glob.startswith("/") else glob
    if g.endswith("/**"):  # a directory glob covers the directory itself too
        return re.compile(("" if anchored else "(?:.*/)?") + _glob_body(g[:-3]) + "(?:/.*)?")
    return re.compile(("" if anchored else "(?:.*/)?") + _glob_body(g) + "(?:/.*)?")


def _glob_body(g: str) -> str:
    out = []
    i = 0
    while i < len(g):
        if g.startswith("**/", i):
            out.append("(?:[^/]*/)*")
            i += 3
        elif g.startswith("**", i):
            out.append(".*")
            i += 2
        elif g[i] == "*":
            out.append("[^/]*")
            i += 1
        elif g[i] == "?":
            out.append("[^/]")
            i += 1
        else:
            out.append(re.escape(g[i]))
            i += 1
    return "".join(out)


TEST_FILE = re.compile(r"(?:.*/)?(test_[^/]*|[^/]*_test)\.py")
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,127}")
_TOP_KEYS = {"id", "prompt", "grading", "difficulty", "tags", "description", "repo", "check", "environment"}
_GRADING_KEYS = {"command", "timeout_s", "protected", "reward"}
_REPO_KEYS = {"fail_to_pass", "pass_to_pass", "base_commit", "source", "pythonpath"}
_CHECK_KEYS = {"script", "timeout_s"}
_ENV_KEYS = {"python", "requirements", "setup"}
# A requirement as pip reads it on one line: a name, extras, a version specifier or marker; no options
# (``--index-url``) and no paths or URLs, so what an environment installs is named by the task alone.
_REQUIREMENT = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*(\[[A-Za-z0-9_,.-]+\])?\s*([<>=!~;][^\n\\]*)?")
MAX_TASK_BYTES = 16 << 20


class TaskError(ValueError):
    """A task directory that cannot be used; ``problems`` lists each one as ``file: field: what``."""

    def __init__(self, root: Path, problems: list[str]) -> None:
        self.root = root
        self.problems = problems
        super().__init__(f"invalid task {root}:\n" + "\n".join(f"  - {p}" for p in problems))


@dataclass(frozen=True)
class GradingSpec:
    """How the hidden tests run: extra pytest arguments, a time limit, protected globs, reward rule."""

    pytest_args: tuple[str, ...] = ("-q",)
    timeout_s: float = 120.0
    protected: tuple[str, ...] = ()
    reward: Literal["all", "fraction"] = "all"


@dataclass(frozen=True)
class RepoSpec:
    """A repository task (SWE-style): the hidden tests are the repository's test files after the task's
    test patch, laid out under ``hidden/`` at their repository paths; ``fail_to_pass`` must go from
    failing to passing and ``pass_to_pass`` must keep passing (pytest node ids relative to the
    repository root, e.g. ``tests/test_x.py::test_y``). The workspace is given to the agent as a git
    repository whose only commit is the workspace itself (``coderl.gitbase``): no history to mine."""

    fail_to_pass: tuple[str, ...]
    pass_to_pass: tuple[str, ...] = ()
    base_commit: str = ""  # the upstream commit the workspace was taken at (informational)
    source: str = ""  # where the task came from, e.g. ``owner/name`` (informational)
    pythonpath: tuple[str, ...] = ()  # import roots besides the workspace, e.g. ``src`` for a src/ layout

    @property
    def tests(self) -> tuple[str, ...]:
        """Every listed test: the FAIL_TO_PASS tests, then the PASS_TO_PASS ones."""
        return self.fail_to_pass + self.pass_to_pass


@dataclass(frozen=True)
class CheckSpec:
    """A hidden check script (bash) run in the fresh grading container; it passes when it exits 0.

    The script is trusted code: it runs under the grader's uid, with the workspace readable at
    ``$CODERL_WORKSPACE``, and runs the agent's code only through ``coderl-run ARGV...`` (as the sandbox
    uid, in the grading worker); see ``coderl.grade.checkrun``."""

    script: str  # a path under hidden/
    timeout_s: float = 120.0


@dataclass(frozen=True)
class EnvironmentSpec:
    """What a task's sandbox image installs beyond the base image: a Python version the base image must
    provide, pip requirements, and a setup script (bash, run as root at build time). Tasks with the same
    environment share one image (``image``), built by ``coderl sandbox build --tasks DIR``."""

    python: str = ""
    requirements: tuple[str, ...] = ()
    setup: str = ""  # the setup script's text

    @property
    def key(self) -> str:
        """A hash of what the environment installs (the image's cache key)."""
        data = json.dumps([self.python, sorted(self.requirements), self.setup], sort_keys=True)
        return hashlib.sha256(data.encode()).hexdigest()[:16]

    def image(self, base: str) -> str:
        """The environment's image name, derived from the base image's name and ``key``."""
        name = base.rsplit("/", 1)[-1].split(":", 1)[0]
        return f"localhost/{name}-env:{self.key}"


@dataclass(frozen=True)
class Task:
    """A loaded, validated task. File contents are read once, at load time."""

    id: str
    prompt: str
    root: Path
    grading: GradingSpec
    workspace: dict[str, bytes] = field(repr=False)
    hidden: dict[str, bytes] = field(repr=False)
    meta: dict[str, Any] = field(default_factory=dict, repr=False)
    repo: RepoSpec | None = None
    check: CheckSpec | None = None
    environment: EnvironmentSpec | None = None

    def image(self, base: str) -> str:
        """The sandbox image this task runs in: its environment's image, else ``base``."""
        return self.environment.image(base) if self.environment is not None else base

    @property
    def has_tests(self) -> bool:
        """Whether grading runs hidden pytest tests (a check-only task runs its check script alone)."""
        if self.repo is not None:
            return bool(self.repo.tests)
        return any(TEST_FILE.fullmatch(p) for p in self.hidden)

    @property
    def protected(self) -> tuple[str, ...]:
        """Globs the agent must not change: the default test globs plus the task's own."""
        return DEFAULT_PROTECTED + self.grading.protected

    def is_protected(self, path: str) -> bool:
        return any(glob_regex(g).fullmatch(path) for g in self.protected)


def _read_tree(root: Path, label: str, problems: list[str]) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    total = 0
    if not root.is_dir():
        problems.append(f"{label}/: missing directory")
        return files
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if path.is_symlink():
            problems.append(f"{label}/{rel}: symbolic links are not allowed in tasks")
        elif path.is_file():
            if "__pycache__" in path.parts or path.suffix == ".pyc":
                continue
            data = path.read_bytes()
            total += len(data)
            files[rel] = data
    if total > MAX_TASK_BYTES:
        problems.append(f"{label}/: {total} bytes exceeds {MAX_TASK_BYTES}")
    return files


def _grading(table: Any, problems: list[str]) -> GradingSpec:
    where = "task.toml: grading"
    if table is None:
        return GradingSpec()
    if not isinstance(table, dict):
        problems.append(f"{where}: must be a table")
        return GradingSpec()
    for key in sorted(set(table) - _GRADING_KEYS):
        problems.append(f"{where}.{key}: unknown key (known: {', '.join(sorted(_GRADING_KEYS))})")
    spec: dict[str, Any] = {}
    command = table.get("command", "python -m pytest -q")
    if not isinstance(command, str):
        problems.append(f"{where}.command: must be a string")
    else:
        try:
            argv = shlex.split(command)
        except ValueError as exc:
            argv = []
            problems.append(f"{where}.command: {exc}")
        for prefix in (["python", "-m", "pytest"], ["python3", "-m", "pytest"], ["pytest"]):
            if argv[: len(prefix)] == prefix:
                spec["pytest_args"] = tuple(argv[len(prefix) :])
                break
        else:
            if argv:
                problems.append(
                    f"{where}.command: {command!r} must run pytest (`python -m pytest ...` or `pytest ...`)"
                )
    timeout = table.get("timeout_s", 120.0)
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout <= 3600:
        problems.append(f"{where}.timeout_s: must be a number of seconds in (0, 3600], got {timeout!r}")
    else:
        spec["timeout_s"] = float(timeout)
    protected = table.get("protected", [])
    if not isinstance(protected, list) or not all(isinstance(g, str) for g in protected):
        problems.append(f"{where}.protected: must be a list of glob strings")
    else:
        for glob in protected:
            if not glob.strip() or glob.startswith("/") or ".." in glob.split("/") or "\x00" in glob:
                problems.append(f"{where}.protected: bad glob {glob!r} (relative, no '..', not empty)")
            elif glob.count("[") != glob.count("]"):
                problems.append(f"{where}.protected: bad glob {glob!r} (unbalanced brackets)")
        spec["protected"] = tuple(protected)
    reward = table.get("reward", "all")
    if reward not in ("all", "fraction"):
        problems.append(f"{where}.reward: must be 'all' or 'fraction', got {reward!r}")
    else:
        spec["reward"] = reward
    return GradingSpec(**spec)


def _strings(table: dict[str, Any], key: str, where: str, problems: list[str]) -> tuple[str, ...]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        problems.append(f"{where}.{key}: must be a list of non-empty strings")
        return ()
    return tuple(value)


def _unknown(table: dict[str, Any], known: set[str], where: str, problems: list[str]) -> None:
    for key in sorted(set(table) - known):
        problems.append(f"{where}.{key}: unknown key (known: {', '.join(sorted(known))})")


def _repo(table: Any, hidden: dict[str, bytes], problems: list[str]) -> RepoSpec | None:
    where = "task.toml: repo"
    if table is None:
        return None
    if not isinstance(table, dict):
        problems.append(f"{where}: must be a table")
        return None
    _unknown(table, _REPO_KEYS, where, problems)
    f2p = _strings(table, "fail_to_pass", where, problems)
    p2p = _strings(table, "pass_to_pass", where, problems)
    if "fail_to_pass" not in table:
        problems.append(f"{where}.fail_to_pass: missing")
    both = sorted(set(f2p) & set(p2p))
    if both:
        problems.append(f"{where}: {both[0]!r} is listed in both fail_to_pass and pass_to_pass")
    for test in (*f2p, *p2p):
        path = test.split("::", 1)[0]
        if "::" not in test or path not in hidden:
            problems.append(f"{where}: test {test!r} names no file of hidden/ (expected hidden/PATH for PATH::NAME)")
            break
    info = {k: table.get(k, "") for k in ("base_commit", "source")}
    for key, value in info.items():
        if not isinstance(value, str):
            problems.append(f"{where}.{key}: must be a string")
    paths = _strings(table, "pythonpath", where, problems)
    for path in paths:
        if path.startswith("/") or ".." in path.split("/") or not re.fullmatch(r"[A-Za-z0-9_./-]+", path):
            problems.append(f"{where}.pythonpath: {path!r} must be a plain directory of the workspace")
    return RepoSpec(f2p, p2p, str(info["base_commit"]), str(info["source"]), tuple(p.strip("/") for p in paths))


def _check(table: Any, hidden: dict[str, bytes], problems: list[str]) -> CheckSpec | None:
    where = "task.toml: check"
    if table is None:
        return None
    if not isinstance(table, dict):
        problems.append(f"{where}: must be a table")
        return None
    _unknown(table, _CHECK_KEYS, where, problems)
    script = table.get("script")
    if not isinstance(script, str) or script not in hidden:
        problems.append(f"{where}.script: must name a file under hidden/ (got {script!r})")
        script = ""
    timeout = table.get("timeout_s", 120.0)
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout <= 3600:
        problems.append(f"{where}.timeout_s: must be a number of seconds in (0, 3600], got {timeout!r}")
        timeout = 120.0
    return CheckSpec(str(script), float(timeout))


def _environment(table: Any, root: Path, problems: list[str]) -> EnvironmentSpec | None:
    where = "task.toml: environment"
    if table is None:
        return None
    if not isinstance(table, dict):
        problems.append(f"{where}: must be a table")
        return None
    _unknown(table, _ENV_KEYS, where, problems)
    python = table.get("python", "")
    if not isinstance(python, str) or (python and not re.fullmatch(r"3\.\d{1,2}", python)):
        problems.append(f'{where}.python: must be a version such as "3.11", got {python!r}')
        python = ""
    requirements = _strings(table, "requirements", where, problems)
    for req in requirements:
        if not _REQUIREMENT.fullmatch(req.strip()):
            problems.append(f"{where}.requirements: {req!r} is not a requirement (NAME[extras] [specifier])")
    setup = table.get("setup", "")
    text = ""
    if not isinstance(setup, str):
        problems.append(f"{where}.setup: must be a path relative to the task directory")
    elif setup:
        path = root / setup
        if setup.startswith("/") or ".." in Path(setup).parts or not path.is_file():
            problems.append(f"{where}.setup: {setup!r} is not a file of the task directory")
        else:
            text = path.read_text(encoding="utf-8", errors="replace")
    if not (python or requirements or text):
        problems.append(f"{where}: empty (give python, requirements or setup)")
    return EnvironmentSpec(python, tuple(r.strip() for r in requirements), text)


def load_task(root: str | Path) -> Task:
    """Load and validate one task directory; raises TaskError listing every problem found."""
    root = Path(root)
    problems: list[str] = []
    toml_path = root / "task.toml"
    data: dict[str, Any] = {}
    if not root.is_dir():
        raise TaskError(root, [f"{root}: not a directory"])
    if not toml_path.is_file():
        problems.append("task.toml: missing")
    else:
        try:
            data = tomllib.loads(toml_path.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            problems.append(f"task.toml: not valid TOML: {exc}")
    for key in sorted(set(data) - _TOP_KEYS):
        problems.append(f"task.toml: {key}: unknown key (known: {', '.join(sorted(_TOP_KEYS))})")
    task_id = data.get("id")
    if not isinstance(task_id, str) or not _ID.fullmatch(task_id):
        problems.append(f"task.toml: id: missing or invalid ({task_id!r}; letters, digits, '_', '.', '-')")
    prompt = data.get("prompt")
    if not isinstance(prompt, str) or not prompt.strip():
        problems.append("task.toml: prompt: missing or empty")
    grading = _grading(data.get("grading"), problems)
    workspace = _read_tree(root / "workspace", "workspace", problems)
    hidden = _read_tree(root / "hidden", "hidden", problems)
    repo = _repo(data.get("repo"), hidden, problems)
    check = _check(data.get("check"), hidden, problems)
    environment = _environment(data.get("environment"), root, problems)
    if (root / "hidden").is_dir() and check is None and not any(TEST_FILE.fullmatch(p) for p in hidden):
        problems.append("hidden/: no test files (test_*.py or *_test.py) and no [check] script")
    if repo is not None and not repo.fail_to_pass and check is None:
        problems.append("task.toml: repo.fail_to_pass: empty, and no [check] (nothing would need fixing)")
    nested = sorted(p for p in workspace if ".git" in p.split("/")[:-1] or p.endswith("/.git") or p == ".git")
    if repo is not None and nested:
        where = nested[0].split(".git", 1)[0] + ".git"
        problems.append(f"workspace/{where}: a repository task's history is made by coderl (its base only); remove it")
    if problems:
        raise TaskError(root, problems)
    if repo is not None:
        from coderl.gitbase import GitBaseError, base_repository

        try:
            workspace = {**workspace, **base_repository(workspace)}
        except GitBaseError as exc:
            raise TaskError(root, [f"workspace/: {exc}"]) from None
    meta: dict[str, Any] = {k: data[k] for k in ("difficulty", "tags", "description") if k in data}
    return Task(str(task_id), str(prompt), root, grading, workspace, hidden, meta, repo, check, environment)


def iter_task_dirs(root: str | Path) -> Iterator[Path]:
    """Task directories under ``root`` (any directory holding a task.toml), sorted."""
    root = Path(root)
    if (root / "task.toml").is_file():
        yield root
        return
    for toml_path in sorted(root.rglob("task.toml")):
        yield toml_path.parent


def load_tasks(root: str | Path) -> list[Task]:
    """Every task under ``root``; raises one TaskError listing the problems of every bad task."""
    tasks: list[Task] = []
    problems: list[str] = []
    for directory in iter_task_dirs(root):
        try:
            tasks.append(load_task(directory))
        except TaskError as exc:
            problems.extend(f"{directory.name}/{p}" for p in exc.problems)
    ids = [t.id for t in tasks]
    problems.extend(f"duplicate task id {i!r}" for i in sorted({i for i in ids if ids.count(i) > 1}))
    if problems:
        raise TaskError(Path(root), problems)
    if not tasks:
        raise TaskError(Path(root), ["no task.toml found"])
    return tasks


def suite_image(tasks: Iterator[Task] | list[Task], base: str) -> str:
    """The one sandbox image ``tasks`` run in: ``base``, or the environment image they all declare.
    Raises TaskError naming two tasks that need different images (one run, one image, for now)."""
    images: dict[str, str] = {}
    for task in tasks:
        images.setdefault(task.image(base), task.id)
    if len(images) > 1:
        (a, ida), (b, idb) = list(images.items())[:2]
        raise TaskError(
            Path("."),
            [f"tasks need different sandbox images ({ida}: {a}; {idb}: {b}): run each environment's tasks apart"],
        )
    return next(iter(images), base)
