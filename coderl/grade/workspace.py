"""The workspace that is graded: the agent's files with protected paths restored and test-run hooks removed."""

from __future__ import annotations

import os
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile

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
    """Whether ``path``'s top-level name is one of ``names``: a folder, a module or an extension module
    (``tabulate/``, ``tabulate.py``, ``tabulate.cpython-311-x86_64-linux-gnu.so``, round 4 of the red team)."""
    first, _, rest = path.partition("/")
    return first in names or (not rest and _module_name(first) in names)


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


class _Layout:
    """Where a set of workspace files makes packages (folders holding an ``__init__`` with any importable suffix:
    ``__init__.py``, ``__init__.cpython-311-x86_64-linux-gnu.so``) and which folders hold files directly;
    computed once, so that judging each of tens of thousands of files stays linear."""

    def __init__(self, files: set[str]) -> None:
        self.packages: set[str] = set()
        self.folders: set[str] = set()
        for f in files:
            folder, _, name = f.rpartition("/")
            self.folders.add(folder)
            if _module_name(name) == "__init__":
                self.packages.add(folder)


def _stdlib_shadow(path: str, files: _Layout, base: _Layout, base_files: set[str]) -> bool:
    """A new module or regular package named as a standard-library module, in a folder a program may have on
    its import path: the workspace root, ``src/``, a scripts folder (``tools/``), or a folder the agent made a
    package of where the task's own files lie (``tools/__init__.py`` beside ``tools/render.py``: a script run
    from there still imports ``tools/html.py`` first). Inside one of the task's packages, or a new package of
    the agent's own, the names are the package's (``mypkg/html.py``)."""
    if path in base_files:
        return False
    parts = path.split("/")
    for depth in range(len(parts)):
        folder = "/".join(parts[:depth])
        if folder and folder in files.packages and (folder in base.packages or folder not in base.folders):
            return False  # inside a package: the names below are the package's own (mypkg/html.py)
        here = "/".join(parts[: depth + 1])
        if depth == len(parts) - 1:
            name = _module_name(parts[depth])
        elif here in files.packages:  # ``path`` is among them
            name = parts[depth]  # a regular package (a folder without __init__ shadows nothing)
        else:
            continue
        if name in _STDLIB and not any(b.startswith(here + ".") for b in base_files):
            return True
    return False


def _git_ignored(paths: list[str], files: dict[str, bytes]) -> set[str]:
    """Which of ``paths`` the workspace's own ``.gitignore`` files ignore, as ``git check-ignore`` judges them: files
    a commit of the fix would not hold (a ``.build.local`` that ``build.sh`` sources, red-team round 4), so the
    grade does not see them either. Empty where there is no ``.gitignore`` or no git."""
    rules = {p: d for p, d in files.items() if posixpath.basename(p) == ".gitignore"}
    if not paths or not rules:
        return set()
    git = shutil.which("git")
    if git is None:
        return set()
    with tempfile.TemporaryDirectory(prefix="coderl-ignore-") as tmp:
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_CONFIG_GLOBAL": os.devnull,
        }
        subprocess.run([git, "init", "-q", tmp], env=env, check=False, capture_output=True)
        for path, data in rules.items():
            target = os.path.join(tmp, *path.split("/"))
            try:
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with open(target, "wb") as handle:
                    handle.write(data)
            except OSError:
                continue  # a path the file system refuses here: its rules are left out
        proc = subprocess.run(
            [git, "-C", tmp, "check-ignore", "--no-index", "--stdin", "-z"],
            input=b"\0".join(p.encode("utf-8", "surrogateescape") for p in paths) + b"\0",
            env=env,
            capture_output=True,
            check=False,
        )
    if proc.returncode not in (0, 1):
        return set()
    return {p.decode("utf-8", "surrogateescape") for p in proc.stdout.split(b"\0") if p}


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
    base = set(task.workspace)
    final_layout, base_layout = _Layout(set(agent_files)), _Layout(base)
    ignored = _git_ignored([p for p in agent_files if p not in base], agent_files) if task.repo is not None else set()
    for path, data in sorted(agent_files.items()):
        name = posixpath.basename(path)
        original = task.workspace.get(path)
        if task.is_protected(path) or name in _HOOK_NAMES:
            if original is None:
                notes.append(f"removed {path}: protected or test-configuration file added by the agent")
            elif original != data:
                notes.append(f"restored {path}: protected file changed by the agent")
            continue
        if path in ignored:
            notes.append(f"removed {path}: ignored by the repository's .gitignore (a commit would not hold it)")
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
        if original is None and _stdlib_shadow(path, final_layout, base_layout, base):
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
