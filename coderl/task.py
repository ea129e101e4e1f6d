"""The task format: a directory with ``task.toml``, a starting ``workspace/`` and ``hidden/`` tests.

``load_task`` validates everything and reports every problem at once, each naming its file and field,
so a broken task suite fails loudly at load time rather than silently at grading time.
"""

from __future__ import annotations

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
    "GradingSpec",
    "Task",
    "TaskError",
    "glob_regex",
    "load_task",
    "load_tasks",
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
_TOP_KEYS = {"id", "prompt", "grading", "difficulty", "tags", "description"}
_GRADING_KEYS = {"command", "timeout_s", "protected", "reward"}
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
class Task:
    """A loaded, validated task. File contents are read once, at load time."""

    id: str
    prompt: str
    root: Path
    grading: GradingSpec
    workspace: dict[str, bytes] = field(repr=False)
    hidden: dict[str, bytes] = field(repr=False)
    meta: dict[str, Any] = field(default_factory=dict, repr=False)

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
    if (root / "hidden").is_dir() and not any(TEST_FILE.fullmatch(p) for p in hidden):
        problems.append("hidden/: no test files (test_*.py or *_test.py)")
    if problems:
        raise TaskError(root, problems)
    meta: dict[str, Any] = {k: data[k] for k in ("difficulty", "tags", "description") if k in data}
    return Task(str(task_id), str(prompt), root, grading, workspace, hidden, meta)


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
