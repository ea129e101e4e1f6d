"""The workspace that is graded: the agent's files with protected paths restored and test-run hooks removed."""

from __future__ import annotations

import posixpath
import re
import sys

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


_STDLIB = frozenset(sys.stdlib_module_names) | {"test"}  # CPython's own test package is not in the list
_EXTENSION = re.compile(r"([A-Za-z_]\w*)\.[^/]*\.(so|pyd)|([A-Za-z_]\w*)\.(so|pyd)")


def _module_name(name: str) -> str | None:
    """The module a file of this name defines where its folder is on the import path (``html.py``,
    ``test.abi3.so``), or None."""
    if name.endswith(".py"):
        return name[:-3]
    m = _EXTENSION.fullmatch(name)
    return (m.group(1) or m.group(3)) if m else None


def _stdlib_shadow(path: str, files: set[str], base: set[str]) -> bool:
    """A new module or regular package named as a standard-library module, in a folder that is not itself a
    package (the workspace root, ``src/``, a scripts folder ``tools/``): run from there, a program imports it
    instead of the standard library (``unittest/``, ``tools/html.py``, ``compileall.py``)."""
    if path in base:
        return False
    parts = path.split("/")
    for depth in range(len(parts)):
        folder = "/".join(parts[:depth])
        if f"{folder}/__init__.py".lstrip("/") in files:
            return False  # inside a package: the names below are the package's own (mypkg/html.py)
        here = "/".join(parts[: depth + 1])
        if depth == len(parts) - 1:
            name = _module_name(parts[depth])
        elif here + "/__init__.py" in files:  # ``path`` is among them
            name = parts[depth]  # a regular package (a folder without __init__.py shadows nothing)
        else:
            continue
        if name in _STDLIB and not any(b.startswith(here + ".") for b in base):
            return True
    return False


def _normalized(path: str) -> str | None:
    """The workspace-relative path a key names (``./test/x.py`` is ``test/x.py``), or None outside it."""
    norm = posixpath.normpath(path.replace("\\", "/"))
    if posixpath.isabs(norm) or norm == ".." or norm.startswith("../") or norm in (".", ""):
        return None
    return norm


def prepare_workspace(task: Task, agent_files: dict[str, bytes]) -> tuple[dict[str, bytes], list[str]]:
    """Files to grade and notes saying what was restored or removed, and why."""
    files: dict[str, bytes] = {}
    notes: list[str] = []
    dependencies = _dependency_modules(task)
    normalized: dict[str, bytes] = {}
    for key, data in sorted(agent_files.items()):
        path = _normalized(key)
        if path is None:
            notes.append(f"removed {key}: not a path inside the workspace")
            continue
        normalized[path] = data  # a protected path must not pass as ./tests/x.py
    agent_files = normalized
    final, base = set(agent_files), set(task.workspace)
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
        if original is None and _stdlib_shadow(path, final, base):
            notes.append(f"removed {path}: shadows a standard-library module")
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
