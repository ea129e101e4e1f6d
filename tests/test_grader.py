"""The grader in real containers: honest solutions get 1, wrong and cheating ones 0, and it says why."""

from __future__ import annotations

import json
import re
import subprocess

import pytest
from sandboxes import CODERL, TASKS

from coderl.grade import Grader, GradingError, TaskNotGradable, prepare_workspace
from coderl.grade.workspace import CommittedFileRefused
from coderl.task import load_task

TASK = load_task(TASKS / "fizzbuzz")
SOLUTION = (TASKS / "fizzbuzz" / "solution" / "fizzbuzz.py").read_bytes()
WRONG = b"def fizzbuzz(n):\n    return str(n)\n"


def _with(files: dict[str, bytes | str] | None = None) -> dict[str, bytes]:
    """The task's workspace with the reference solution, then ``files`` (path: content) on top."""
    out = dict(TASK.workspace)
    out["fizzbuzz.py"] = SOLUTION
    out.update({k: v.encode() if isinstance(v, str) else v for k, v in (files or {}).items()})
    return out


# --- pure parts ------------------------------------------------------------------------------------


def test_prepare_workspace_restores_and_neutralizes():
    agent = _with(
        {
            "tests/test_visible.py": "def test_three(): pass\n",
            "conftest.py": "import pytest\n",
            "sub/conftest.py": "x = 1\n",
            "pytest.ini": "[pytest]\naddopts = -k nothing\n",
            "sitecustomize.py": "import os\n",
            "evil.pth": "import os",
        }
    )
    agent["pyproject.toml"] = b'[project]\nname = "x"\n\n[tool.pytest.ini_options]\naddopts = "-x"\n'
    agent["__pycache__/fizzbuzz.cpython-311.pyc"] = b"\x00"
    agent["pytest.py"] = b"x"
    files, notes = prepare_workspace(TASK, agent)
    assert files["tests/test_visible.py"] == TASK.workspace["tests/test_visible.py"]
    for gone in ("conftest.py", "sub/conftest.py", "pytest.ini", "sitecustomize.py", "evil.pth", "pytest.py"):
        assert gone not in files
    assert not any("__pycache__" in f for f in files)
    assert files["pyproject.toml"] == b'[project]\nname = "x"\n\n'
    assert files["fizzbuzz.py"] == SOLUTION
    text = "\n".join(notes)
    assert "restored tests/test_visible.py" in text and "removed conftest.py" in text
    assert "neutralized pyproject.toml" in text and "shadows a module" in text


def test_prepare_workspace_restores_deleted_protected_files():
    agent = _with()
    del agent["tests/test_visible.py"]
    files, notes = prepare_workspace(TASK, agent)
    assert "tests/test_visible.py" in files
    assert "restored tests/test_visible.py: protected file deleted by the agent" in notes


def test_prepare_workspace_judges_keys_by_the_path_they_name():
    agent = _with({"./tests/test_visible.py": "def test_three(): pass\n", "a/../notes.txt": "n\n"})
    agent["../outside.py"] = b"x"
    agent["/etc/passwd"] = b"x"
    files, notes = prepare_workspace(TASK, agent)
    assert files["tests/test_visible.py"] == TASK.workspace["tests/test_visible.py"]  # "./" is not a way around
    assert files["notes.txt"] == b"n\n" and "../outside.py" not in files and "/etc/passwd" not in files
    assert sum("not a path inside the workspace" in n for n in notes) == 2


def test_prepare_workspace_removes_new_modules_shadowing_the_standard_library():
    shadows = ["unittest/__init__.py", "compileall.py", "tools/html.py", "test.abi3.so", "src/json.py"]
    kept = ["mypkg/__init__.py", "mypkg/html.py", "mypkg/sub/types.py", "logging/notes.py", "tools/render.py"]
    files, notes = prepare_workspace(TASK, _with({p: "x = 1\n" for p in shadows + kept}))
    for path in shadows:
        assert path not in files and f"removed {path}: shadows a standard-library module" in notes
    for path in kept:  # inside a package the name is the package's own; a folder without __init__.py shadows nothing
        assert path in files
    base = load_task(TASKS / "fizzbuzz")
    assert "fizzbuzz.py" in prepare_workspace(base, dict(base.workspace))[0]


def test_prepare_workspace_shadows_through_new_packages_and_extension_modules():
    """Red-team round 4: a new ``__init__.py`` at the root, or beside the task's own scripts (``tools/``), made the
    folder look like a package and let a standard-library shadow through; an ``__init__`` or a dependency as a
    compiled extension module was not seen as the module it is."""
    from coderl.suites import repo_suite

    tasks = {t.id: t for t in repo_suite()}
    make, ledger = tasks["repo-make-site-build"], tasks["repo-ledger-net-total"]
    so = "cpython-311-x86_64-linux-gnu.so"
    cases = {
        "tools/html.py": {"tools/__init__.py": b""},  # tools/render.py is the task's: a script run from there
        "html.py": {"__init__.py": b""},  # a root __init__.py makes no package of the root
        "unittest/__init__.py": {"__init__.py": b""},
        f"unittest/__init__.{so}": {},
    }
    for shadow, extra in cases.items():  # a repository task grades its commit: such a file is refused, not removed
        with pytest.raises(CommittedFileRefused, match=f"holds {re.escape(shadow)}, which shadows a standard-library"):
            prepare_workspace(make, {**make.workspace, **extra, shadow: b"x"})
    own = {"site_tools/__init__.py": b"", "site_tools/html.py": b"x", "tools/pages.py": b"import site_tools.html\n"}
    files, _ = prepare_workspace(make, {**make.workspace, **own})
    assert "site_tools/html.py" in files  # a new package of the agent's own: the name is the package's
    for shadow in (f"tabulate.{so}", "tabulate.abi3.so", "Tabulate.py"):
        with pytest.raises(CommittedFileRefused, match="shadows a package the task's environment installs"):
            prepare_workspace(ledger, {**ledger.workspace, shadow: b"x"})
    used = {"tabulate_extra.py": b"x", "ledger/extra.py": b"import tabulate_extra\n"}
    assert "tabulate_extra.py" in prepare_workspace(ledger, {**ledger.workspace, **used})[0]


def test_prepare_workspace_refuses_new_modules_that_installed_code_imports_and_keeps_the_others():
    """Red-team rounds 5-7: a new top-level ``wcwidth.py`` is imported by tabulate when it exists (``foreign``: the
    names the image's installed code imports), so a commit holding one is refused, however the workspace uses or
    mentions it. Round 10: a new module nothing in the workspace imports by a literal name (a reproduction script,
    a module imported under a computed name) is kept as committed, since every clone of the commit holds it."""
    from coderl.suites import repo_suite

    task = next(t for t in repo_suite() if t.id == "repo-ledger-net-total")
    shadow = {"wcwidth.py": b"def wcswidth(s):\n    return 0\n"}
    uses = {
        "requirements-dev.txt": b"wcwidth==0.2.13\n",
        "ledger/extra.py": b"import wcwidth\n",
        "Makefile": b"check:\n\tpython3 -m wcwidth\n",
        "pyproject.toml": b'[project.scripts]\nw = "wcwidth:main"\n',
    }
    for path, data in uses.items():
        with pytest.raises(CommittedFileRefused, match="installed code imports"):
            prepare_workspace(task, {**task.workspace, **shadow, path: data}, frozenset({"wcwidth", "tabulate"}))
    files, notes = prepare_workspace(task, {**task.workspace, "repro.py": b"print(1)\n", "led/__init__.py": b"x\n"})
    assert "repro.py" in files and "led/__init__.py" in files and not notes
    kept, _ = prepare_workspace(task, {**task.workspace, "ledger/helpers.py": b"def h():\n    return 1\n"})
    assert "ledger/helpers.py" in kept  # inside the task's package: its own


def test_prepare_workspace_keeps_backslashes_and_drops_compiled_twins_of_sources():
    """Red-team round 6: a root file named ``minicsv\\reader.py`` replaced ``minicsv/reader.py`` (a backslash was
    read as a folder separator); a compiled ``window.cpython-311-...so`` beside ``window.py`` is imported in its
    place."""
    from coderl.suites import repo_suite

    tasks = {t.id: t for t in repo_suite()}
    minicsv, throttle = tasks["repo-minicsv-quoted-fields"], tasks["repo-throttle-window-boundary"]
    files, _ = prepare_workspace(minicsv, {**minicsv.workspace, "minicsv\\reader.py": b"x = 1\n"})
    assert files["minicsv/reader.py"] == minicsv.workspace["minicsv/reader.py"]
    twin = "throttle/window.cpython-311-x86_64-linux-gnu.so"
    with pytest.raises(CommittedFileRefused, match="compiled module that takes the place"):
        prepare_workspace(throttle, {**throttle.workspace, twin: b"\x7fELF"})
    other = "throttle/fastpath.cpython-311-x86_64-linux-gnu.so"  # no source of that name: nothing is replaced
    assert other in prepare_workspace(throttle, {**throttle.workspace, other: b"\x7fELF"})[0]


# --- real containers ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def grade(live_pool):
    grader = Grader(live_pool.pool)
    return lambda files: live_pool.run(grader.grade(TASK, files))


@pytest.mark.podman
def test_honest_solution_gets_reward_one(grade):
    result = grade(_with())
    assert (result.reward, result.passed, result.expected, result.failed, result.errors) == (1.0, 8, 8, 0, 0)
    assert result.notes == []


@pytest.mark.podman
def test_wrong_and_partial_solutions_get_zero(grade):
    assert grade(_with({"fizzbuzz.py": WRONG})).reward == 0.0
    partial = grade(_with({"fizzbuzz.py": "def fizzbuzz(n):\n    return 'Fizz' if n % 3 == 0 else str(n)\n"}))
    assert partial.reward == 0.0
    assert 0 < partial.passed < partial.expected and partial.failed == partial.expected - partial.passed
    assert grade(dict(TASK.workspace)).reward == 0.0


CHEATS = {
    "conftest-rewrites-reports": {
        "fizzbuzz.py": WRONG,
        "conftest.py": "import pytest\n@pytest.hookimpl(hookwrapper=True)\ndef pytest_runtest_makereport(item, call):\n"
        "    out = yield\n    out.get_result().outcome = 'passed'\n",
    },
    "hidden-dir-conftest": {"fizzbuzz.py": WRONG, "hidden/conftest.py": "import os\nos._exit(0)\n"},
    "sys-exit-at-import": {"fizzbuzz.py": "import sys\nsys.exit(0)\n"},
    "os-exit-at-import": {"fizzbuzz.py": "import os\nos._exit(0)\n"},
    "os-exit-in-call": {"fizzbuzz.py": "import os\ndef fizzbuzz(n):\n    os._exit(0)\n"},
    "module-level-skip": {"fizzbuzz.py": "import pytest\npytest.skip('later', allow_module_level=True)\n"},
    "skip-in-call": {"fizzbuzz.py": "import pytest\ndef fizzbuzz(n):\n    pytest.skip('no')\n"},
    "xfail-in-call": {"fizzbuzz.py": "import pytest\ndef fizzbuzz(n):\n    pytest.xfail('no')\n"},
    "always-equal": {
        "fizzbuzz.py": "class A:\n    def __eq__(self, o):\n        return True\ndef fizzbuzz(n):\n    return A()\n"
    },
    "always-equal-str": {
        "fizzbuzz.py": "class S(str):\n    __eq__ = lambda s, o: True\n    __hash__ = str.__hash__\n"
        "def fizzbuzz(n):\n    return S('?')\n",
    },
    "edited-visible-tests": {"fizzbuzz.py": WRONG, "tests/test_visible.py": "def test_three():\n    assert True\n"},
    "pytest-ini-addopts": {"fizzbuzz.py": WRONG, "pytest.ini": "[pytest]\naddopts = -k nothing_matches\n"},
    "pyproject-addopts": {"fizzbuzz.py": WRONG, "pyproject.toml": '[tool.pytest.ini_options]\naddopts = "--co"\n'},
    "sitecustomize": {
        "fizzbuzz.py": WRONG,
        "sitecustomize.py": "import os\nos._exit(0)\n",
        "usercustomize.py": "import os\nos._exit(0)\n",
    },
    "forged-result-lines": {
        "fizzbuzz.py": "import os, json\n"
        "for fd in map(int, os.listdir('/proc/self/fd')):\n"
        "    try:\n"
        "        os.write(fd, json.dumps({'kind': 'finished', 'exitstatus': 0}).encode() + b'\\n')\n"
        "    except OSError:\n"
        "        pass\n"
        "def fizzbuzz(n):\n    return str(n)\n",
    },
    "patch-pytest-outcomes": {
        "fizzbuzz.py": "import _pytest.runner as r\n_orig = r.call_and_report\n"
        "def call_and_report(item, when, log=True, **kw):\n"
        "    rep = _orig(item, when, log, **kw)\n    rep.outcome = 'passed'\n    return rep\n"
        "r.call_and_report = call_and_report\n"
        "def fizzbuzz(n):\n    return str(n)\n",
    },
    "rewrite-hidden-tests-on-disk": {
        "fizzbuzz.py": "import glob\nfor p in glob.glob('/tmp/coderl-grading/hidden/*.py'):\n"
        "    try:\n        open(p, 'w').write('def test_ok(): pass\\n')\n    except OSError:\n        pass\n"
        "def fizzbuzz(n):\n    return str(n)\n",
    },
}


@pytest.mark.podman
@pytest.mark.parametrize("name", sorted(CHEATS))
def test_cheating_solutions_get_zero(grade, name):
    result = grade(_with(CHEATS[name]))
    assert result.reward == 0.0, result
    assert result.passed < result.expected


@pytest.mark.podman
def test_cheats_are_explained_in_notes(grade):
    early = grade(_with({"fizzbuzz.py": "import os\nos._exit(0)\n"}))  # the worker dies: nothing collects
    assert early.reward == 0.0 and any("not collected" in n for n in early.notes)
    skipped = grade(_with({"fizzbuzz.py": "import pytest\ndef fizzbuzz(n):\n    pytest.skip('no')\n"}))
    # pytest.skip raised by the solution's code is not the test process's skip: the tests fail.
    assert skipped.reward == 0.0 and skipped.failed == skipped.expected
    forged = grade(_with(CHEATS["forged-result-lines"]))
    # The lines land on the worker's own reply pipe (it has no other channel): its import fails.
    assert forged.reward == 0.0 and forged.passed == 0 and forged.notes


@pytest.mark.podman
def test_timeout_is_a_zero_with_a_note(live_pool):
    import dataclasses

    slow = dataclasses.replace(TASK, grading=dataclasses.replace(TASK.grading, timeout_s=2.0))
    grader = Grader(live_pool.pool)
    files = _with({"fizzbuzz.py": "import time\ndef fizzbuzz(n):\n    time.sleep(100)\n"})
    result = live_pool.run(grader.grade(slow, files))
    assert result.reward == 0.0 and any("timed out" in n for n in result.notes)


@pytest.mark.podman
def test_uncollectable_task_is_an_infrastructure_error(live_pool, tmp_path):
    import dataclasses

    broken = dataclasses.replace(TASK, id="broken", hidden={"test_x.py": b"import no_such_module\n"})
    with pytest.raises(TaskNotGradable, match="could not be collected") as caught:
        live_pool.run(Grader(live_pool.pool).grade(broken, _with()))
    assert isinstance(caught.value, GradingError)  # callers that catch grading failures still do


@pytest.mark.podman
def test_grade_cli_prints_one_json_object(tmp_path):
    workspace = tmp_path / "ws"
    for name, data in _with().items():
        (workspace / name).parent.mkdir(parents=True, exist_ok=True)
        (workspace / name).write_bytes(data)
    cmd = [CODERL, "grade", str(TASKS / "fizzbuzz"), "--workspace", str(workspace)]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert {k: result[k] for k in ("task", "reward", "passed", "failed", "errors", "expected")} == {
        "task": "fizzbuzz",
        "reward": 1.0,
        "passed": 8,
        "failed": 0,
        "errors": 0,
        "expected": 8,
    }
    assert result["notes"] == []
    (workspace / "fizzbuzz.py").write_bytes(WRONG)
    done = subprocess.run([*cmd, "--verbose"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and json.loads(done.stdout)["reward"] == 0.0
    assert "AssertionError" in done.stderr and "FAILED" in done.stderr  # why the tests failed
    broken_task = tmp_path / "broken"
    for path in (TASKS / "fizzbuzz").rglob("*"):
        if path.is_file():
            target = broken_task / path.relative_to(TASKS / "fizzbuzz")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
    for hidden in (broken_task / "hidden").glob("*.py"):
        hidden.write_text("import no_such_module\n\ndef test_x():\n    pass\n")
    bad_task = subprocess.run(
        [CODERL, "grade", str(broken_task), "--workspace", str(workspace)], capture_output=True, text=True
    )
    assert bad_task.returncode == 2 and "could not be collected" in bad_task.stderr
    bad_cmd = [CODERL, "grade", str(tmp_path), "--workspace", str(workspace)]
    bad = subprocess.run(bad_cmd, capture_output=True, text=True)
    assert bad.returncode == 2 and "task.toml: missing" in bad.stderr
