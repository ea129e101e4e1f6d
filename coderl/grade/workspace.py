"""The workspace that is graded: the agent's files with protected paths restored and test-run hooks removed."""

from __future__ import annotations

import posixpath
import re

from coderl.task import Task

__all__ = ["prepare_workspace"]

# Files that configure or hook into a Python or pytest run; an agent may only have them as the task gave them.
_HOOK_NAMES = frozenset(
    {"conftest.py", "pytest.ini", "tox.ini", "setup.cfg", "sitecustomize.py", "usercustomize.py", ".pytest.ini"}
)
# Module names the grader itself imports: a workspace copy could shadow them.
_SHADOWING = frozenset({"pytest", "_pytest", "pluggy", "py", "coderl_strict", "coderl_grading", "iniconfig"})
_PYTEST_TOML = re.compile(r"(?ms)^\[tool\.pytest[^\]]*\][^\[]*")


_REQUIREMENT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def _shadows(path: str, names: frozenset[str] = _SHADOWING) -> bool:
    first = path.split("/", 1)[0]
    return first in names or first.removesuffix(".py") in names


def _dependency_modules(task: Task) -> frozenset[str]:
    """The import names of the packages the task's environment installs, as far as their distribution names
    tell (``tabulate``, ``python-dateutil`` -> ``python_dateutil``): a workspace module of that name would replace
    the installed dependency for the code under test."""
    if task.environment is None:
        return frozenset()
    names = set()
    for requirement in task.environment.requirements:
        match = _REQUIREMENT_NAME.match(requirement.strip())
        if match:
            names.add(re.sub(r"[-.]+", "_", match.group(0)).lower())
    return frozenset(names)


def prepare_workspace(task: Task, agent_files: dict[str, bytes]) -> tuple[dict[str, bytes], list[str]]:
    """Files to grade and notes saying what was restored or removed, and why."""
    files: dict[str, bytes] = {}
    notes: list[str] = []
    dependencies = _dependency_modules(task)
    for path, data in sorted(agent_files.items()):
        name = posixpath.basename(path)
        original = task.workspace.get(path)
        if task.is_protected(path) or name in _HOOK_NAMES:
            if original is None:
                notes.append(f"removed {path}: protected or test-configuration file added by the agent")
            elif original != data:
                notes.append(f"restored {path}: protected file changed by the agent")
            continue
        if name.endswith((".pth", ".pyc")) or "__pycache__" in path.split("/"):
            notes.append(f"removed {path}: import hook or bytecode")
            continue
        if _shadows(path):
            notes.append(f"removed {path}: shadows a module the grader uses")
            continue
        if original is None and dependencies and _shadows(path.lower(), dependencies):
            notes.append(f"removed {path}: shadows a package the task's environment installs")
            continue
        if name == "pyproject.toml":
            text = data.decode("utf-8", errors="replace")
            stripped = _PYTEST_TOML.sub("", text)
            if stripped != text:
                notes.append(f"neutralized {path}: removed its [tool.pytest] section")
                data = stripped.encode()
        files[path] = data
    for path, data in task.workspace.items():
        if task.is_protected(path) or posixpath.basename(path) in _HOOK_NAMES:
            if path not in agent_files:
                notes.append(f"restored {path}: protected file deleted by the agent")
            files[path] = data
    return files, notes
