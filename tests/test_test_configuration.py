"""A repository task's commit may not change how a clone runs the hidden tests (red-team round 18).

The grader runs the listed hidden tests under its own pytest configuration, in a process no code of the agent's
runs in. A committed conftest.py, pytest ini options or plugins, pyproject's ``[tool.pytest]`` tables, an
``__init__`` of the tests' folders or a module beside the tests that shadows the library would be read by every
clone's test run and never by the grade: the grade would pay for a fix that every clone's run switches off. Such a
commit is refused (reward 0, with the reason); the rest of the work (a dependency added to pyproject.toml, a
setup.cfg section of another tool, a test file of the agent's own) is graded as committed.
"""

from __future__ import annotations

import dataclasses

import pytest

from coderl.grade.grader import import_roots_of_tests
from coderl.grade.workspace import CommittedFileRefused, prepare_workspace
from coderl.suites import repo_suite
from coderl.task import Task

SUITE = {t.id.removeprefix("repo-"): t for t in repo_suite()}
# verlib's task as if its tests were a package with their own pytest.ini (as many repositories have them)
_VERLIB = SUITE["verlib-numeric-order"]
SUITE["verlib-as-package"] = dataclasses.replace(
    _VERLIB, workspace={**_VERLIB.workspace, "tests/__init__.py": b"", "tests/pytest.ini": b"[pytest]\n"}
)


def _files(task: Task, changes: dict[str, str | None]) -> dict[str, bytes]:
    files = dict(task.workspace)
    for path, text in changes.items():
        if text is None:
            files.pop(path)
        else:
            files[path] = text.encode()
    return files


REFUSED = [
    ("verlib-numeric-order", {"tests/conftest.py": "import verlib.version\n"}, "conftest.py"),
    ("verlib-numeric-order", {"conftest.py": ""}, "conftest.py"),
    ("verlib-numeric-order", {"verlib/conftest.py": ""}, "conftest.py"),
    ("verlib-numeric-order", {"pytest.ini": "[pytest]\n"}, "pytest.ini"),
    ("verlib-numeric-order", {"tests/.pytest.ini": ""}, ".pytest.ini"),
    ("verlib-numeric-order", {"tox.ini": "[pytest]\naddopts = -p verlib.tooling\n"}, "tox.ini"),
    ("verlib-numeric-order", {"setup.cfg": "[flake8]\n[tool:pytest]\naddopts = -p x\n"}, "setup.cfg"),
    ("verlib-numeric-order", {"pyproject.toml": '[tool.pytest.ini_options]\naddopts = "-p x"\n'}, "[tool.pytest]"),
    ("verlib-numeric-order", {"pyproject.toml": "[tool.pytest]\nx = 1\n"}, "[tool.pytest]"),
    ("verlib-numeric-order", {"tests/__init__.py": "import verlib\n"}, "__init__"),
    ("verlib-numeric-order", {"__init__.py": ""}, "__init__"),
    ("verlib-numeric-order", {"tests/verlib.py": "def sort_key(v): return v\n"}, "shadows"),
    ("verlib-numeric-order", {"tests/verlib/__init__.py": "", "tests/verlib/version.py": ""}, "shadows"),
    ("verlib-as-package", {"tests/__init__.py": "import sys\n"}, "__init__"),
    ("verlib-as-package", {"tests/__init__.py": None}, "removes tests/__init__.py"),
    ("verlib-as-package", {"tests/pytest.ini": None}, "removes tests/pytest.ini"),
    ("release-version-gate", {"pyproject.toml": "[tool.pytest.ini_options\n"}, "[tool.pytest]"),
    ("verlib-numeric-order", {"verlib.egg-info/entry_points.txt": "[pytest11]\nv = verlib.p\n"}, "pytest plugin"),
    ("verlib-numeric-order", {"verlib.EGG-INFO/entry_points.txt": "[pytest11]\nv = verlib.p\n"}, "pytest plugin"),
    ("verlib-numeric-order", {"tests/x.dist-info/entry_points.txt": "[pytest11]\nv = x\n"}, "pytest plugin"),
]


@pytest.mark.parametrize(("task_id", "changes", "named"), REFUSED, ids=[f"{t}:{'+'.join(c)}" for t, c, _ in REFUSED])
def test_a_commit_that_changes_the_tests_set_up_is_refused(task_id: str, changes: dict, named: str) -> None:
    task = SUITE[task_id]
    with pytest.raises(CommittedFileRefused) as refused:
        prepare_workspace(task, _files(task, changes))
    assert named in str(refused.value) and "graded under the task's own" in str(refused.value)


KEPT = [
    ("verlib-numeric-order", {"tests/test_bump_tooling.py": "def test_x():\n    assert True\n"}),
    ("verlib-numeric-order", {"tests/helpers.py": "X = 1\n"}),
    ("verlib-numeric-order", {"verlib/tools/__init__.py": ""}),
    ("verlib-numeric-order", {"setup.cfg": "[flake8]\nmax-line-length = 120\n"}),
    ("verlib-numeric-order", {"tox.ini": "[tox]\nenvlist = py311\n"}),
    ("verlib-numeric-order", {"verlib.egg-info/entry_points.txt": "[console_scripts]\nv = verlib:main\n"}),
    ("release-version-gate", {"pyproject.toml": '[project]\nname = "notify"\nversion = "2.4.0"\ndependencies = []\n'}),
]


@pytest.mark.parametrize(("task_id", "changes"), KEPT, ids=[f"{t}:{'+'.join(c)}" for t, c in KEPT])
def test_work_that_leaves_the_tests_set_up_alone_is_graded_as_committed(task_id: str, changes: dict) -> None:
    task = SUITE[task_id]
    files, _ = prepare_workspace(task, _files(task, changes))
    for path, text in changes.items():
        assert files[path] == text.encode()


def test_the_tasks_own_test_set_up_is_graded_as_it_is() -> None:
    task = SUITE["verlib-as-package"]
    files, notes = prepare_workspace(task, dict(task.workspace))
    assert files["tests/__init__.py"] == task.workspace["tests/__init__.py"] and not notes


def test_a_module_beside_the_tests_named_as_installed_code_imports_is_refused() -> None:
    """A clone's test run finds ``tests/wcwidth.py`` before the installed one when tabulate imports it."""
    task = SUITE["ledger-net-total"]
    files = {**task.workspace, "tests/wcwidth.py": b"def wcswidth(s): return 0\n"}
    prepare_workspace(task, files)  # nothing installed imports the name: kept
    with pytest.raises(CommittedFileRefused, match="shadows a module for the tests"):
        prepare_workspace(task, files, foreign=frozenset({"wcwidth"}))


def test_the_grading_worker_imports_first_from_where_a_clones_test_run_does() -> None:
    """pytest's prepend mode puts a test file's first folder upward without an __init__.py first on the path
    (red-team round 19 kept the bug in tests/keys.py, which every clone's test run imported first)."""
    plain = SUITE["verlib-numeric-order"]
    assert import_roots_of_tests(plain, plain.workspace) == ["/workspace/tests"]
    package = SUITE["verlib-as-package"]
    assert import_roots_of_tests(package, package.workspace) == ["/workspace"]
