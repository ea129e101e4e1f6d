"""Task suites: the bundled ``basic`` suite and repository tasks (``repos``), a generator of templated
tasks, importers (HumanEval/MBPP, SWE-bench-format instances).

The basic suite gives training and evaluation something real to grade; the generator gives a family so
simple that a tiny model trained from scratch on CPU shows a rising reward within minutes; the importer
brings the usual public benchmarks into the task format (see ``coderl.task``).
"""

from __future__ import annotations

from pathlib import Path

from coderl.suites.generator import FAMILIES, generate_tasks, reference_solution
from coderl.suites.importer import JsonlImportError, import_jsonl
from coderl.task import Task, load_tasks

__all__ = [
    "BASIC",
    "FAMILIES",
    "REPOS",
    "JsonlImportError",
    "basic_suite",
    "generate_tasks",
    "import_jsonl",
    "reference_solution",
    "repo_suite",
    "solution_files",
]

BASIC = Path(__file__).resolve().parent / "basic"
# Repository tasks (SWE-style, several DevOps checks); three need environment images (``coderl sandbox build --tasks``).
REPOS = Path(__file__).resolve().parent / "repos"


def basic_suite() -> list[Task]:
    """The bundled suite of small hand-written Python tasks (easy to hard), validated as it loads."""
    return load_tasks(BASIC)


def repo_suite() -> list[Task]:
    """The bundled repository tasks: small multi-module projects with a bug report, a hidden test patch
    (FAIL_TO_PASS / PASS_TO_PASS) or a hidden check script, some with a registry dependency."""
    return load_tasks(REPOS)


def _files(root: Path) -> dict[str, bytes]:
    return {
        path.relative_to(root).as_posix(): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }


def solution_files(task_root: str | Path) -> dict[str, bytes]:
    """The task's reference final workspace: ``workspace/`` with ``solution/`` laid over it.

    This is what an agent that solved the task would hand to the grader, so it must earn reward 1.
    """
    root = Path(task_root)
    if not (root / "solution").is_dir():
        raise FileNotFoundError(f"{root}: the task has no solution/ directory")
    return {**_files(root / "workspace"), **_files(root / "solution")}
