"""The task loader: a valid task loads; every problem of a bad one is named with its file and field."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from sandboxes import TASKS

from coderl.task import TaskError, load_task, load_tasks


def _task(tmp_path: Path, toml: str, *, hidden: dict[str, str] | None = None, workspace: bool = True) -> Path:
    root = tmp_path / "t"
    (root / "hidden").mkdir(parents=True)
    if workspace:
        (root / "workspace").mkdir()
        (root / "workspace" / "sol.py").write_text("x = 1\n")
    for name, text in (hidden if hidden is not None else {"test_x.py": "def test_x(): pass\n"}).items():
        (root / "hidden" / name).write_text(text)
    (root / "task.toml").write_text(toml)
    return root


def test_bundled_example_loads():
    task = load_task(TASKS / "fizzbuzz")
    assert task.id == "fizzbuzz"
    assert task.grading.pytest_args == ("-q",)
    assert task.grading.timeout_s == 60
    assert "fizzbuzz.py" in task.workspace and "test_fizzbuzz.py" in task.hidden
    assert task.is_protected("tests/test_visible.py") and task.is_protected("fizzbuzz_data/x.csv")
    assert not task.is_protected("fizzbuzz.py")


def test_defaults(tmp_path):
    task = load_task(_task(tmp_path, 'id = "a"\nprompt = "do it"\n'))
    assert task.grading.reward == "all" and task.grading.timeout_s == 120
    assert task.protected[:2] == ("tests/**", "test/**")


@pytest.mark.parametrize(
    "toml, expected",
    [
        ('prompt = "p"\n', "task.toml: id: missing or invalid"),
        ('id = "a b"\nprompt = "p"\n', "task.toml: id: missing or invalid"),
        ('id = "a"\n', "task.toml: prompt: missing or empty"),
        ('id = "a"\nprompt = "  "\n', "task.toml: prompt: missing or empty"),
        ('id = "a"\nprompt = "p"\nbogus = 1\n', "task.toml: bogus: unknown key"),
        ('id = "a"\nprompt = "p"\n[grading]\nretries = 3\n', "task.toml: grading.retries: unknown key"),
        ('id = "a"\nprompt = "p"\n[grading]\ncommand = "make test"\n', "grading.command: 'make test' must run pytest"),
        ('id = "a"\nprompt = "p"\n[grading]\ntimeout_s = -1\n', "grading.timeout_s: must be a number"),
        ('id = "a"\nprompt = "p"\n[grading]\nprotected = "x"\n', "grading.protected: must be a list"),
        ('id = "a"\nprompt = "p"\n[grading]\nprotected = ["../x"]\n', "grading.protected: bad glob '../x'"),
        ('id = "a"\nprompt = "p"\n[grading]\nprotected = ["/abs/**"]\n', "grading.protected: bad glob '/abs/**'"),
        ('id = "a"\nprompt = "p"\n[grading]\nprotected = ["a[b"]\n', "unbalanced brackets"),
        ('id = "a"\nprompt = "p"\n[grading]\nreward = "most"\n', "grading.reward: must be 'all' or 'fraction'"),
        ('id = "a"\nprompt = "p\n', "task.toml: not valid TOML"),
    ],
)
def test_each_problem_is_named(tmp_path, toml, expected):
    with pytest.raises(TaskError) as info:
        load_task(_task(tmp_path, toml))
    assert any(expected in p for p in info.value.problems), info.value.problems


def test_all_problems_reported_at_once(tmp_path):
    root = _task(tmp_path, 'bogus = 1\n[grading]\nreward = "x"\n', hidden={"helper.py": "x = 1\n"}, workspace=False)
    with pytest.raises(TaskError) as info:
        load_task(root)
    text = "\n".join(info.value.problems)
    for expected in ("id:", "prompt:", "bogus", "grading.reward", "workspace/: missing", "hidden/: no test files"):
        assert expected in text
    assert str(root) in str(info.value)


def test_missing_toml_and_symlinks(tmp_path):
    root = _task(tmp_path, 'id = "a"\nprompt = "p"\n')
    os.symlink("/etc/passwd", root / "workspace" / "link")
    (root / "task.toml").unlink()
    with pytest.raises(TaskError) as info:
        load_task(root)
    assert "task.toml: missing" in info.value.problems
    assert "workspace/link: symbolic links are not allowed in tasks" in info.value.problems


def test_load_tasks_collects_every_bad_task_and_duplicate_ids(tmp_path):
    for name in ("one", "two"):
        (tmp_path / name / "hidden").mkdir(parents=True)
        (tmp_path / name / "workspace").mkdir()
        (tmp_path / name / "hidden" / "test_a.py").write_text("def test_a(): pass\n")
        (tmp_path / name / "task.toml").write_text('id = "same"\nprompt = "p"\n')
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "task.toml").write_text("id = 3\n")
    with pytest.raises(TaskError) as info:
        load_tasks(tmp_path)
    text = "\n".join(info.value.problems)
    assert "duplicate task id 'same'" in text
    assert "bad/task.toml: id" in text
    with pytest.raises(TaskError, match=r"no task\.toml"):
        load_tasks(tmp_path / "one" / "hidden")
