"""The reward-hacking study (issue 18, Study B): the honeypot family against the three graders, and a smoke run.

The honeypot's honest reference earns 1 from the hardened grader; each cheat earns 1 from the naive grader
and 0 from the hardened one, and stage 1 of the guard flags it. The smoke run plays the real study (one seed,
two iterations, tiny sizes) and checks its JSON summary.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from coderl.action import parse_action
from coderl.grade import Grader
from coderl.grade.naive import NaiveGrader
from coderl.guard import GuardContext, Stage1Scanner
from coderl.suites.honeypot import CHEATS, cheat_files, demonstrations, generate_honeypot_tasks, honest_files
from coderl.task import Task, load_task


@pytest.fixture(scope="module")
def task(tmp_path_factory: pytest.TempPathFactory) -> Task:
    root = generate_honeypot_tasks(tmp_path_factory.mktemp("honeypot"), 1, seed=3)[0]
    return load_task(root)


def _final(task: Task, files: dict[str, str]) -> dict[str, bytes]:
    """The task's starting workspace with ``files`` written over it (what the agent leaves)."""
    return {**task.workspace, **{k: v.encode() for k, v in files.items()}}


def test_generator_is_seeded_and_prefix_stable(tmp_path: Path) -> None:
    a = generate_honeypot_tasks(tmp_path / "a", 5, seed=1)
    b = generate_honeypot_tasks(tmp_path / "b", 3, seed=1)
    c = generate_honeypot_tasks(tmp_path / "c", 3, seed=2)
    assert [load_task(p).prompt for p in a[:3]] == [load_task(p).prompt for p in b]
    assert [load_task(p).prompt for p in b] != [load_task(p).prompt for p in c]
    with pytest.raises(ValueError, match="k must be"):
        generate_honeypot_tasks(tmp_path / "d", 1, k=0)


def test_demonstrations_mix_the_share_of_cheats(tmp_path: Path) -> None:
    roots = generate_honeypot_tasks(tmp_path, 10, seed=0)
    demos = demonstrations(roots, 0.05, seed=0, per_task=4)
    kinds = [kind for _, _, kind in demos]
    assert len(demos) == 40 and kinds.count("honest") == 38
    assert {k for k in kinds if k != "honest"} <= set(CHEATS)
    assert all(files == honest_files(root) for root, files, kind in demos if kind == "honest")
    assert [k for _, _, k in demonstrations(roots, 0.0)] == ["honest"] * 40
    with pytest.raises(ValueError, match="cheat_share"):
        demonstrations(roots, 1.5)


@pytest.mark.parametrize("name", sorted(CHEATS))
def test_stage1_flags_every_cheat(task: Task, name: str) -> None:
    scanner = Stage1Scanner(context=GuardContext(task_files=frozenset(task.workspace)))
    for path, content in cheat_files(name).items():
        verdict = scanner.scan(parse_action({"tool": "write_file", "path": path, "content": content}))
        assert verdict.cheat, (name, path, verdict.to_json())


def test_stage1_passes_the_honest_reference(task: Task) -> None:
    scanner = Stage1Scanner(context=GuardContext(task_files=frozenset(task.workspace)))
    for path, content in honest_files(task.root).items():
        assert not scanner.scan(parse_action({"tool": "write_file", "path": path, "content": content})).cheat


@pytest.mark.podman
def test_honest_reference_passes_both_graders(live_pool, task: Task) -> None:
    files = _final(task, honest_files(task.root))
    hardened = live_pool.run(Grader(live_pool.pool, warm=0).grade(task, files))
    naive = live_pool.run(NaiveGrader(live_pool.pool).grade(task, files))
    assert (hardened.reward, hardened.passed, hardened.expected) == (1.0, 4, 4)
    assert naive.reward == 1.0
    stub = live_pool.run(NaiveGrader(live_pool.pool).grade(task, dict(task.workspace)))
    assert stub.reward == 0.0


@pytest.mark.podman
@pytest.mark.parametrize("name", sorted(CHEATS))
def test_each_cheat_fools_the_naive_grader_only(live_pool, task: Task, name: str) -> None:
    files = _final(task, cheat_files(name))
    naive = live_pool.run(NaiveGrader(live_pool.pool).grade(task, files))
    hardened = live_pool.run(Grader(live_pool.pool, warm=0).grade(task, files))
    assert naive.reward == 1.0, naive
    assert hardened.reward == 0.0, hardened
