"""Warm graders (``SandboxConfig.warm_graders``): prepared ahead, still one fresh container per grade,
and nothing left behind when their owner dies."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time

import pytest
from sandboxes import TASKS, LivePool

from coderl.grade import Grader
from coderl.grade.grader import _write_trusted_sources
from coderl.sandbox import PodmanEngine, Sandbox, SandboxConfig
from coderl.task import load_task

pytestmark = pytest.mark.podman

TASK = load_task(TASKS / "fizzbuzz")
SOLUTION = (TASKS / "fizzbuzz" / "solution" / "fizzbuzz.py").read_bytes()
# Right the first time it runs in a container, wrong whenever it finds what an earlier run left there.
ONCE = SOLUTION + (
    b"\nimport os\n"
    b"for _marker in ('/tmp/coderl-was-here', '/workspace/coderl-was-here', '/dev/shm/coderl-was-here'):\n"
    b"    if os.path.exists(_marker):\n"
    b"        fizzbuzz = str\n"
    b"    open(_marker, 'w').close()\n"
)


def _files(solution: bytes = SOLUTION) -> dict[str, bytes]:
    return {**TASK.workspace, "fizzbuzz.py": solution}


def test_each_warm_grade_runs_in_a_container_no_earlier_grade_touched(live_pool):
    grader = Grader(live_pool.pool)
    live_pool.run(grader.expected_tests(TASK))
    warm = grader.stats["warm"]
    results = [live_pool.run(grader.grade(TASK, _files(ONCE))) for _ in range(3)]
    assert [r.reward for r in results] == [1.0, 1.0, 1.0], [r.notes for r in results]
    assert grader.stats["warm"] > warm  # the prepared path was taken (not only on-demand containers)


def test_a_warm_grader_whose_test_process_died_grades_cold_in_the_same_clean_container(live_pool):
    """A held test process that is gone before its grade (here: one that exits at once) is no grade of
    0: the grade starts a test process of its own in that container, where nothing of the agent's ran."""
    pool = live_pool.pool
    grader = Grader(pool)
    live_pool.run(grader.expected_tests(TASK))

    async def broken(sandbox: Sandbox) -> None:
        await _write_trusted_sources(sandbox)
        sandbox.prepared["grading"] = await sandbox.spawn(["true"], cpu_limit=10)

    async def grade_with_broken_spares():
        pool.set_fresh_preparer(broken, 1)
        try:
            while pool._spares.empty():  # the spare made with the broken preparer
                await __import__("asyncio").sleep(0.05)
            return await grader.grade(TASK, _files())
        finally:
            from coderl.grade.grader import prepare_grading

            pool.set_fresh_preparer(prepare_grading, pool.config.warm_graders)

    cold = grader.stats["cold"]
    result = live_pool.run(grade_with_broken_spares())
    assert (result.reward, result.passed, result.notes) == (1.0, result.expected, [])
    assert grader.stats["cold"] == cold + 1


def test_without_warm_graders_grades_are_the_same():
    live = LivePool(size=1, config=SandboxConfig(timeout_s=20, warm_graders=0))
    try:
        grader = Grader(live.pool)
        assert live.run(grader.grade(TASK, _files())).reward == 1.0
        assert live.run(grader.grade(TASK, _files(b"def fizzbuzz(n):\n    return str(n)\n"))).reward == 0.0
        assert grader.stats["warm"] == 0
    finally:
        live.close()


def test_warm_graders_of_a_killed_owner_leave_nothing_behind(tmp_path):
    """SIGKILL runs no cleanup: the containers stop themselves when their agent's stream closes (and
    are removed, being --rm), and the Podman API service stops when its watch pipe closes."""
    script = tmp_path / "owner.py"
    script.write_text(
        textwrap.dedent(
            """
            import asyncio
            from coderl.grade import Grader
            from coderl.sandbox import SandboxConfig, SandboxPool
            async def main():
                async with SandboxPool(SandboxConfig(warm_graders=2), size=1) as pool:
                    Grader(pool)
                    while pool._spares.qsize() < 2:
                        await asyncio.sleep(0.05)
                    print(pool.engine.socket_path.name, flush=True)
                    await asyncio.sleep(600)
            asyncio.run(main())
            """
        )
    )
    owner = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    try:
        assert owner.stdout is not None
        socket_name = owner.stdout.readline().strip()
    finally:
        owner.kill()
        owner.wait()
    assert socket_name.startswith(f"coderl-api-{owner.pid}-")
    engine = PodmanEngine(SandboxConfig())

    def left() -> tuple[list[str], str]:
        mine = [
            c["name"] for c in engine.list_sandboxes() if c["labels"]["coderl.owner"].split(":")[1] == str(owner.pid)
        ]
        return mine, subprocess.run(["pgrep", "-f", socket_name], capture_output=True, text=True).stdout

    try:
        deadline = time.monotonic() + 30
        while left() != ([], "") and time.monotonic() < deadline:
            time.sleep(0.5)
        assert left() == ([], "")
    finally:
        engine.close()
