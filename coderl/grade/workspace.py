"""The workspace that is graded: the agent's files with protected paths restored and test-run hooks removed."""

from __future__ import annotations

import ast
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


# CPython's own test package is not in the list, nor the names the standard library imports when they exist
# (`copy` tries `org.python.core`, `platform` tries `java` and `vms_lib`: a workspace `org/` was loaded through
# `unittest`, red-team round 5); found by scanning the 3.11 standard library's imports.
_ABSENT = frozenset(
    {*("org", "java", "vms_lib", "_winreg", "docutils", "sitecustomize", "usercustomize"), "win32api", "win32con"}
    | {"win32evtlog", "win32evtlogutil"}
)
_STDLIB = frozenset(sys.stdlib_module_names) | {"test"} | _ABSENT
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
            name = parts[depth]  # a regular package (a folder without __init__ shadows what exists)
        elif parts[depth] in _ABSENT:
            name = parts[depth]  # a namespace package is imported where nothing else has the name (org/python/)
        else:
            continue
        if name in _STDLIB and not any(b.startswith(here + ".") for b in base_files):
            return True
    return False


def _scratch_repository(git: str, tmp: str, files: dict[str, bytes], info: dict[str, bytes]) -> dict[str, str]:
    """A new repository in ``tmp`` holding only ``files`` (rule files: .gitignore, .gitattributes) and ``info``
    (``.git/info/NAME`` contents), for git to read rules from; returns the environment to run git with (no system
    or global configuration). A path the file system refuses here leaves its rules out."""
    env = _git_env()
    subprocess.run([git, "init", "-q", tmp], env=env, check=False, capture_output=True)
    os.makedirs(os.path.join(tmp, ".git", "info"), exist_ok=True)
    for name, data in info.items():
        with open(os.path.join(tmp, ".git", "info", name), "wb") as handle:
            handle.write(data)
    for path, data in files.items():
        target = os.path.join(tmp, *path.split("/"))
        try:
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as handle:
                handle.write(data)
        except OSError:
            continue
    return env


def _ask_paths(git: str, tmp: str, env: dict[str, str], command: list[str], paths: list[str]) -> bytes:
    """``git -C tmp COMMAND --stdin -z`` over ``paths``: its NUL-separated answer."""
    proc = subprocess.run(
        [git, "-C", tmp, *command, "--stdin", "-z"],
        input=b"\0".join(p.encode("utf-8", "surrogateescape") for p in paths) + b"\0",
        env=env,
        capture_output=True,
        check=False,
    )
    return proc.stdout if proc.returncode in (0, 1) else b""


def _agent_config(git: str, tmp: str, config: bytes, query: list[str]) -> str:
    """``git config`` QUERY of the agent's ``.git/config`` text, read as a file with includes off: nothing of the
    configuration runs and no other file is read."""
    path = os.path.join(tmp, "agent-config")
    with open(path, "wb") as handle:
        handle.write(config)
    proc = subprocess.run(
        [git, "config", "--no-includes", "--file", path, *query], env=_git_env(), capture_output=True, check=False
    )
    return proc.stdout.decode("utf-8", "surrogateescape")


def _git_ignored(paths: list[str], files: dict[str, bytes], exclude: bytes = b"") -> set[str]:
    """Which of ``paths`` the workspace's own ``.gitignore`` files ignore, as ``git check-ignore`` judges them: files
    a commit of the fix would not hold (a ``.build.local`` that ``build.sh`` sources, red-team round 4), so the
    grade does not see them either. Empty where there is no ``.gitignore`` or no git."""
    rules = {p: d for p, d in files.items() if posixpath.basename(p) == ".gitignore" and not _in_git_dir(p)}
    if not paths or not (rules or exclude):
        return set()
    git = shutil.which("git")
    if git is None:
        return set()
    with tempfile.TemporaryDirectory(prefix="coderl-ignore-") as tmp:
        env = _scratch_repository(git, tmp, rules, {"exclude": exclude} if exclude else {})
        answer = _ask_paths(git, tmp, env, ["check-ignore", "--no-index"], paths)
    return {p.decode("utf-8", "surrogateescape") for p in answer.split(b"\0") if p}


def _in_git_dir(path: str) -> bool:
    """A path under the repository's own ``.git`` directory."""
    return path == ".git" or path.startswith(".git/")


def _workspace_config_file(files: dict[str, bytes], key: str) -> bytes | None:
    """The content of the file that the agent's ``.git/config`` names under ``key`` (``core.excludesFile``,
    ``core.attributesFile``) where that file lies in the workspace; read with ``git config --file``, includes
    off: nothing of the configuration runs. None where there is no such setting or file."""
    config = files.get(".git/config")
    git = shutil.which("git")
    if config is None or git is None:
        return None
    with tempfile.TemporaryDirectory(prefix="coderl-config-") as tmp:
        name = _agent_config(git, tmp, config, ["--get", key]).strip()
    rel = _normalized(name.removeprefix("/workspace/")) if name and not name.startswith("~") else None
    return files.get(rel) if rel is not None else None


def _local_excludes(files: dict[str, bytes]) -> bytes:
    """The ignore rules of the repository's own configuration as the agent left it: ``.git/info/exclude`` and a
    ``core.excludesFile`` that lies in the workspace. A fix kept in a file these rules exclude is in no commit
    (red-team round 5)."""
    out = files.get(".git/info/exclude", b"")
    named = _workspace_config_file(files, "core.excludesFile")
    return out if named is None else out + b"\n" + named


def _git_env() -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": os.devnull,
    }


def _committed_forms(paths: list[str], files: dict[str, bytes]) -> tuple[set[str], set[str]]:
    """Which of ``paths`` a commit would not hold as they are: (those under the ``ident`` attribute, whose
    ``$Id: ... $`` text git collapses to ``$Id$``; those under a ``filter`` whose clean command the agent's own
    ``.git/config`` defines, whose committed content is whatever that command makes). Read with ``git
    check-attr`` from the workspace's ``.gitattributes`` files, ``.git/info/attributes`` and a
    ``core.attributesFile`` in the workspace, in a scratch repository with git's own precedence; the filter's
    command never runs (red-team round 5 kept its fixes in the first two)."""
    attributes = {p: d for p, d in files.items() if posixpath.basename(p) == ".gitattributes" and not _in_git_dir(p)}
    info = files.get(".git/info/attributes")
    named = _workspace_config_file(files, "core.attributesFile")
    git = shutil.which("git")
    if not paths or not (attributes or info or named) or git is None:
        return set(), set()
    drivers: set[str] = set()
    with tempfile.TemporaryDirectory(prefix="coderl-attr-") as tmp:
        env = _scratch_repository(git, tmp, attributes, {"attributes": info} if info is not None else {})
        if named is not None:
            global_rules = os.path.join(tmp, ".git", "agent-attributes")
            with open(global_rules, "wb") as handle:
                handle.write(named)
            subprocess.run([git, "-C", tmp, "config", "core.attributesFile", global_rules], env=env, check=False)
        answer = _ask_paths(git, tmp, env, ["check-attr", "ident", "filter"], paths)
        config = files.get(".git/config")
        if config is not None:
            listed = _agent_config(git, tmp, config, ["--name-only", "--get-regexp", r"^filter\..*\.(clean|process)$"])
            for line in listed.splitlines():
                drivers.add(line.strip()[len("filter.") :].rsplit(".", 1)[0].lower())
    ident, filtered = set(), set()
    fields = answer.split(b"\0")
    for i in range(0, len(fields) - 2, 3):
        path, attr, value = (f.decode("utf-8", "surrogateescape") for f in fields[i : i + 3])
        if attr == "ident" and value == "set":
            ident.add(path)
        elif attr == "filter" and value not in ("unset", "unspecified", "set") and value.lower() in drivers:
            filtered.add(path)
    return ident, filtered


_IDENT = re.compile(rb"\$Id:[^$\n]*\$")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _unused_new_modules(task: Task, files: dict[str, bytes]) -> set[str]:
    """New top-level modules or packages (at the workspace root or an import root such as ``src``) that nothing of
    the workspace imports or names: such a module only ever runs when something else imports it by that name, an
    optional import of a dependency or the standard library (``wcwidth`` for tabulate, red-team round 5), which it
    then replaces. The workspace's own new modules are imported by its code, or named by its scripts and
    configuration."""
    roots = ("", *(r.strip("/") for r in (task.repo.pythonpath if task.repo else ())))
    base = set(task.workspace)
    candidates: dict[str, set[str]] = {}  # module name -> its files
    for path in files:
        for root in roots:
            prefix = f"{root}/" if root else ""
            if not path.startswith(prefix):
                continue
            first, _, rest = path[len(prefix) :].partition("/")
            if _module_name(posixpath.basename(path)) is None:
                continue  # only code can be imported: a new notes/ or data/ folder shadows nothing
            name = first if rest else _module_name(first)
            if not name or name == "__init__" or name.startswith("test") or name == "conftest":
                continue
            if any(b == prefix + first or b.startswith(prefix + first + "/") for b in base):
                continue  # the task's own module or folder (``led/`` is not ``ledger/``'s)
            candidates.setdefault(name, set()).add(path)
    if not candidates:
        return set()
    used: set[str] = set()
    own = {f for paths in candidates.values() for f in paths}
    for path, data in files.items():
        if path in own:
            continue  # a module naming itself does not import itself
        if path.endswith(".py"):
            try:
                tree = ast.parse(data)
            except (SyntaxError, ValueError):
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    used |= {a.name.split(".")[0] for a in node.names}
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    used.add(node.module.split(".")[0])
                elif isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value) < 256:
                    used |= set(_WORD.findall(node.value))  # importlib.import_module("x"), "-m x" in argv lists
        elif not path.startswith(".git/") and len(data) < 1 << 20:
            used |= set(_WORD.findall(data.decode("utf-8", "replace")))  # Makefile, scripts, configuration
    return {f for name, paths in candidates.items() if name not in used for f in paths}


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
    ignored = (
        _git_ignored([p for p in agent_files if p not in base], agent_files, _local_excludes(agent_files))
        if task.repo is not None
        else set()
    )
    unused = _unused_new_modules(task, agent_files) if task.repo is not None else set()
    ident, filtered = (
        _committed_forms([p for p in agent_files if not _in_git_dir(p)], agent_files)
        if task.repo is not None
        else (set(), set())
    )
    for path, data in sorted(agent_files.items()):
        name = posixpath.basename(path)
        original = task.workspace.get(path)
        if task.repo is not None and _in_git_dir(path):
            continue  # the repository's own metadata: graded as the task gave it (restored below)
        if task.repo is not None and any(part.lower() == ".git" for part in path.split("/")):
            notes.append(f"removed {path}: a path git cannot commit (.git in another case or folder)")
            continue
        if path in filtered:
            if original is not None:
                files[path] = original
            notes.append(f"{'restored' if original is not None else 'removed'} {path}: a clean filter of the agent's")
            continue
        if path in ident:
            collapsed = _IDENT.sub(b"$Id$", data)
            if collapsed != data:
                notes.append(f"collapsed $Id$ in {path}: the ident attribute commits it so")
                data = collapsed
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
        if path in unused:
            notes.append(f"removed {path}: a new module nothing in the workspace imports (it could only shadow one)")
            continue
        if name == "pyproject.toml":
            text = data.decode("utf-8", errors="replace")
            stripped = _PYTEST_TOML.sub("", text)
            if stripped != text:
                notes.append(f"neutralized {path}: removed its [tool.pytest] section")
                data = stripped.encode()
        files[path] = data
    for path, data in task.workspace.items():
        if task.repo is not None and _in_git_dir(path):
            files[path] = data  # the base's .git: the agent's config (filters, excludes) and commits do not count
            continue
        if task.is_protected(path) or posixpath.basename(path) in _HOOK_NAMES:
            if path not in agent_files:
                notes.append(f"restored {path}: protected file deleted by the agent")
            files[path] = data
    return files, notes
