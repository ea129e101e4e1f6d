"""The workspace that is graded: the agent's files with protected paths restored and test-run hooks removed."""

from __future__ import annotations

import posixpath
import re
import sys
from collections.abc import Iterator
from typing import NoReturn

from coderl.task import Task

__all__ = ["CommittedFileRefused", "in_git_dir", "normalized_paths", "prepare_workspace"]

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


# Run in the task's image (``python3 -I``, the grader's uid): the top-level names that the installed third-party
# code imports anywhere (`import x`, `from x import`), optional imports included (tabulate's `wcwidth`).
INSTALLED_IMPORTS_SCRIPT = r"""
import json, os, re, site, sysconfig
roots = {*site.getsitepackages(), sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
line = re.compile(rb"^[ \t]*(?:import[ \t]+([\w., \t]+)|from[ \t]+([A-Za-z_]\w*)[\w.]*[ \t]+import\b)", re.M)
names = set()
for root in sorted(r for r in roots if os.path.isdir(r)):
    for folder, _, files in os.walk(root):
        for name in files:
            if not name.endswith(".py"):
                continue
            try:
                with open(os.path.join(folder, name), "rb") as handle:
                    data = handle.read(1 << 20)
            except OSError:
                continue
            for m in line.finditer(data):
                if m.group(2):
                    names.add(m.group(2).decode())
                else:
                    parts = [p.strip() for p in m.group(1).decode().split(",")]
                    names.update(p.split(".")[0].split()[0] for p in parts if p)
print(json.dumps(sorted(n for n in names if n.isidentifier())))
"""


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
        self.files = files
        self.packages: set[str] = set()
        self.folders: set[str] = set()
        for f in files:
            folder, _, name = f.rpartition("/")
            self.folders.add(folder)
            if _module_name(name) == "__init__":
                self.packages.add(folder)


def _replaces_own_source(path: str, layout: _Layout, base: _Layout) -> str | None:
    """Why a new file takes the place of a source module of the workspace in the imports, or None: an extension
    module (``window.cpython-311-x86_64-linux-gnu.so``) beside a source module or package of the same name
    (Python's finder tries extensions first, red-team round 6), or a file of a new package ``window/`` (its
    ``__init__`` a source or an extension) beside ``window.py`` (a package is found before a module, round 8).
    The source, what a reviewer reads, is not what runs."""
    name = posixpath.basename(path)
    folder = posixpath.dirname(path)
    parts = path.split("/")
    for depth in range(1, len(parts)):  # a package folder on the way to the file, new and beside a module
        here = "/".join(parts[:depth])
        if here in layout.packages and here + ".py" in layout.files and here not in base.packages:
            return f"a new package that takes the place of the workspace's own {here}.py"
    if name.endswith(".py"):
        return None
    module = _module_name(name)
    if module is None or module == "__init__":
        return None
    sibling = posixpath.join(folder, module) if folder else module
    if sibling + ".py" in layout.files or sibling in layout.folders:
        return "a compiled module that takes the place of the workspace's own source"
    return None


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


def in_git_dir(path: str) -> bool:
    """A path under the repository's own ``.git`` directory."""
    return path == ".git" or path.startswith(".git/")


def _import_prefixes(task: Task) -> tuple[str, ...]:
    """Where a repository task's top-level modules lie: the workspace root and its import roots (``src/``)."""
    return ("", *(f"{r.strip('/')}/" for r in (task.repo.pythonpath if task.repo else ())))


def _under_import_roots(path: str, prefixes: tuple[str, ...]) -> Iterator[tuple[str, str, str]]:
    """For each import root ``path`` lies under: the root's prefix, the top-level name's entry (``pkg``,
    ``mod.py``) and the rest of the path below it ("" for a file right in the root)."""
    for prefix in prefixes:
        if path.startswith(prefix):
            first, _, rest = path[len(prefix) :].partition("/")
            yield prefix, first, rest


def _foreign_new_modules(task: Task, files: dict[str, bytes], foreign: frozenset[str]) -> set[str]:
    """The files of new top-level modules or packages (at the workspace root or an import root such as ``src``)
    named as something code installed in the task's image imports (``foreign``): such a module replaces what that
    code looks for, however the workspace itself uses it (``wcwidth`` for tabulate, red-team rounds 5-7)."""
    if not foreign:
        return set()
    prefixes = _import_prefixes(task)
    base = set(task.workspace)
    found: set[str] = set()
    for path in files:
        for prefix, first, rest in _under_import_roots(path, prefixes):
            if _module_name(posixpath.basename(path)) is None:
                continue  # only code can be imported: a new notes/ or data/ folder shadows nothing
            name = first if rest else _module_name(first)
            if not name or name == "__init__" or name.startswith("test") or name == "conftest":
                continue
            if any(b == prefix + first or b.startswith(prefix + first + "/") for b in base):
                continue  # the task's own module or folder (``led/`` is not ``ledger/``'s)
            if name in foreign:
                found.add(path)
    return found


# Where pytest finds its configuration in a clone: every conftest.py, an ini file of one of these names in the
# folders from the test files up to the root (pytest.ini and .pytest.ini whatever they hold, tox.ini's [pytest],
# setup.cfg's [tool:pytest]), pyproject.toml's [tool.pytest...] tables.
_INI_NAMES = frozenset({"pytest.ini", ".pytest.ini", "pytest.toml", ".pytest.toml", "tox.ini", "setup.cfg"})
_PYTEST_OWN = frozenset({"pytest.ini", ".pytest.ini", "pytest.toml", ".pytest.toml"})  # pytest 9 reads the .toml ones
_GRADED_CONFIGURATION = "a clone's test run would read it, and the hidden tests are graded under the task's own"


def _pytest_tables(data: bytes | None) -> object:
    """What pytest reads of a pyproject.toml: its ``tool.pytest`` table, None without one, or the bytes
    themselves where the file is not TOML (pytest fails on it: it is then compared as it is)."""
    import tomllib

    if data is None:
        return None
    try:
        return tomllib.loads(data.decode("utf-8")).get("tool", {}).get("pytest")
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, AttributeError):
        return data


class _TestSetUp:
    """What a clone's run of a repository task's hidden tests reads besides the tests: computed once per grade."""

    def __init__(self, task: Task, foreign: frozenset[str]) -> None:
        self.task = task
        # the folders of the listed test files (``tests``), where a clone's run puts the tests' folder first on
        # the import path
        self.folders = {posixpath.dirname(t.partition("::")[0]) for t in (task.repo.tests if task.repo else ())}
        # the importable top-level names of the workspace (its root and import roots), of the packages its
        # environment installs and of what installed code imports (``foreign``)
        prefixes = _import_prefixes(task)
        self.names = set(_dependency_modules(task)) | set(foreign)
        for path in task.workspace:
            for _, first, rest in _under_import_roots(path, prefixes) if not in_git_dir(path) else ():
                name = first if rest else _module_name(first)
                if name and name.isidentifier():
                    self.names.add(name)

    def change(self, path: str, data: bytes | None) -> str | None:
        """Why a commit holding ``data`` at ``path`` (None: the commit removes the file) changes how a clone runs
        the hidden tests, or None. The grade runs the listed hidden tests under the grader's own configuration in
        a process no code of the agent's runs in (``runner.py``), so the task's test set-up is the one a clone's
        run may have: a committed conftest.py, pytest ini options or plugins, a test folder's ``__init__``
        (imported with the test module) or a module beside the tests that differed would switch code in every
        clone's run that the grade never runs (red-team round 18 turned the fix off from a tests/conftest.py and a
        pytest.ini plugin)."""
        original = self.task.workspace.get(path)
        if data == original:
            return None
        name = posixpath.basename(path)
        if name == "conftest.py":
            return "is a conftest.py other than the task's"
        if name in _INI_NAMES:
            # A file that cannot hold pytest's section (no "pytest" in it, before and after) configures none of it.
            if any(b"pytest" in (d or b"").lower() for d in (data, original)) or name in _PYTEST_OWN:
                return f"is pytest's configuration ({name}) other than the task's"
            return None
        if name == "pyproject.toml" and _pytest_tables(data) != _pytest_tables(original):
            return "holds [tool.pytest] tables other than the task's"
        # Packaging metadata found on a clone's import path (the repository's root under ``python -m pytest``)
        # declares plugins that pytest loads at start-up; importlib.metadata matches the folder's suffix in any
        # case (``verlib.EGG-INFO``, red-team round 19).
        in_metadata = any(p.lower().endswith((".dist-info", ".egg-info")) for p in path.split("/")[:-1])
        if in_metadata and any(b"pytest11" in (d or b"") for d in (data, original)):
            return "declares a pytest plugin (a pytest11 entry point) other than the task's"
        folder = posixpath.dirname(path)
        if _module_name(name) == "__init__" and any(
            not folder or h == folder or h.startswith(folder + "/") for h in self.folders
        ):
            return "is an __init__ of the hidden tests' folders other than the task's (imported with the tests)"
        for tests in self.folders:  # a new module or package right in the tests' folder
            prefix = f"{tests}/" if tests else ""
            if original is None and path.startswith(prefix):
                first, _, rest = path[len(prefix) :].partition("/")
                if (first if rest else _module_name(first)) in self.names:
                    return "shadows a module for the tests (their folder comes first on a clone's import path)"
        return None


class CommittedFileRefused(Exception):
    """A repository task's commit holds a file the grader would have to remove or rewrite to grade it (a graded 0
    with this message as the note): graded without it, the commit would pass for what it is not."""


def _cached_by_timestamp(path: str, data: bytes) -> bool:
    """Cached bytecode (``__pycache__/x.cpython-311.pyc``) that Python checks against its source's mtime and size,
    the default; not a sourceless ``x.pyc`` nor a hash-based pyc (PEP 552 flags in bytes 4-8)."""
    if "__pycache__" not in path.split("/") or len(data) < 16:
        return False
    return int.from_bytes(data[4:8], "little") == 0


def _normalized(path: str) -> str | None:
    """The workspace-relative path a key names (``./test/x.py`` is ``test/x.py``), or None outside it. A
    backslash is a character of the name, as it is on the file system the work was done on: translated to a
    folder separator, a stray file ``pkg\\mod.py`` took the place of ``pkg/mod.py`` (red-team round 6)."""
    norm = posixpath.normpath(path)
    if posixpath.isabs(norm) or norm == ".." or norm.startswith("../") or norm in (".", ""):
        return None
    return norm


def normalized_paths(agent_files: dict[str, bytes]) -> tuple[dict[str, bytes], list[str]]:
    """``agent_files`` keyed by workspace-relative paths, and notes naming the keys that lie outside it."""
    normalized: dict[str, bytes] = {}
    notes: list[str] = []
    for key, data in sorted(agent_files.items()):
        path = _normalized(key)
        if path is None:
            notes.append(f"removed {key}: not a path inside the workspace")
            continue
        normalized[path] = data  # a protected path must not pass as ./tests/x.py
    return normalized, notes


def _refuse(path: str, why: str) -> NoReturn:
    raise CommittedFileRefused(f"the commit holds {path}, which {why}: it cannot be graded as committed")


def prepare_workspace(
    task: Task, agent_files: dict[str, bytes], foreign: frozenset[str] = frozenset()
) -> tuple[dict[str, bytes], list[str]]:
    """Files to grade and notes saying what was restored or removed, and why. ``foreign``: the top-level names
    that code installed in the task's image imports (``installed_imports``); a new module of such a name could
    only replace what that code looks for. A repository task's files are graded without a ``.git``: the work is
    what its commit holds, and repository metadata under it told the grading run apart (red-team rounds 8, 9)."""
    files: dict[str, bytes] = {}
    dependencies = _dependency_modules(task)
    agent_files, notes = normalized_paths(agent_files)
    base = set(task.workspace)
    final_layout, base_layout = _Layout(set(agent_files)), _Layout(base)
    # A new module named as something installed code imports is refused (below); one nothing imports at all is kept
    # as committed (a reproduction script; a module imported under a computed name, red-team round 10), since a
    # clone of the commit holds it too.
    foreign_new = _foreign_new_modules(task, agent_files, foreign) if task.repo is not None else set()
    # A repository task grades its commit as a clone holds it, with the task's hidden test files put back (as
    # SWE-bench applies the test patch): no other file is restored or removed. Whatever the grader would have to
    # remove is a refusal (_refuse below), and so is test configuration other than the task's, which a clone's test
    # run reads and the grader's runner does not (it runs with its own -c and rootdir, round 18); other files under
    # the test folders, bytecode and .pth files are graded as committed (red-team rounds 10 and 11 kept the bug in
    # such a file and the fix where the grader's edit led). An agent's own new test files are kept and not run: the
    # grade runs the task's listed tests, as SWE-bench's harness runs the test patch's files.
    committed = task.repo is not None
    set_up = _TestSetUp(task, foreign) if committed else None
    # Of a repository task, only the hidden files the task's workspace holds are put back as it has them (the
    # test patch's files, as SWE-bench checks them out); a committed file at another hidden path (a check script,
    # which runs from the grader's own folder) is graded as committed: removed, it told the grade from every clone
    # of the commit (red-team round 13 keyed the build on a file named like the hidden check).
    protected = (lambda p: p in task.hidden and p in task.workspace) if committed else task.is_protected
    for path, data in sorted(agent_files.items()):
        name = posixpath.basename(path)
        original = task.workspace.get(path)
        if committed and in_git_dir(path):
            continue  # the repository's own metadata is not graded
        if protected(path) or (name in _HOOK_NAMES and not committed):
            if original is None:
                notes.append(f"removed {path}: protected or test-configuration file added by the agent")
            elif original != data:
                notes.append(f"restored {path}: protected file changed by the agent")
            continue
        if not committed and (name.endswith((".pth", ".pyc")) or "__pycache__" in path.split("/")):
            notes.append(f"removed {path}: import hook or bytecode")
            continue
        if set_up is not None and (change := set_up.change(path, data)):
            _refuse(path, f"{change}: {_GRADED_CONFIGURATION}")
        if committed and name.endswith(".pyc") and data != original:
            # Bytecode the task does not ship is not graded, whatever its form: a sourceless module or one checked
            # by its source's hash runs in every clone as here (rounds 10 and 11 kept the bug in it and the fix in
            # the source); one cached by timestamp runs wherever its source's mtime matches its stamp, which code
            # can pin (round 13 set it from the package's __init__, so every clone ran the bug while the grade,
            # which dropped the file, ran the fix), or which a grade at a foreseen second matches (round 12).
            # Honest work makes none in the workspace: the sandbox caches bytecode elsewhere (PYTHONPYCACHEPREFIX).
            what = "bytecode cached by timestamp" if _cached_by_timestamp(path, data) else "bytecode"
            _refuse(path, f"is {what} Python may run in place of the source")
        removal = None
        if _shadows(path):
            removal = "shadows a module the grader uses"
        elif replaces := (_replaces_own_source(path, final_layout, base_layout) if original is None else None):
            removal = replaces
        elif original is None and dependencies and _shadows(path.lower(), dependencies):
            removal = "shadows a package the task's environment installs"
        elif original is None and _stdlib_shadow(path, final_layout, base_layout, base):
            removal = "shadows a standard-library module"
        elif path in foreign_new:
            removal = "named as a module installed code imports"
        if removal is not None:
            if committed:
                # Every clone of the commit runs with the file: graded without it, the work would pass for what
                # it is not (red-team round 10 kept the bug in such a file and the fix in the fallback).
                _refuse(path, removal)
            notes.append(f"removed {path}: {removal}")
            continue
        if name == "pyproject.toml" and not committed:  # the runner's -c ignores it; a clone reads it as is
            text = data.decode("utf-8", errors="replace")
            stripped = _PYTEST_TOML.sub("", text)
            if stripped != text:
                notes.append(f"neutralized {path}: removed its [tool.pytest] section")
                data = stripped.encode()
        files[path] = data
    for path, data in task.workspace.items():
        if committed and in_git_dir(path):
            continue
        if protected(path) or (posixpath.basename(path) in _HOOK_NAMES and not committed):
            if path not in agent_files:
                notes.append(f"restored {path}: protected file deleted by the agent")
            files[path] = data
        elif set_up is not None and path not in agent_files and set_up.change(path, None):
            raise CommittedFileRefused(f"the commit removes {path}: {_GRADED_CONFIGURATION}")
    return files, notes
