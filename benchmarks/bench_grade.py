"""What grading costs: one call across the grading boundary, one whole grade, grades per second.

- ``boundary call``: a hidden test calling ``f(x)`` of the agent's module. Side by side: the call in one
  process (what the old, forgeable grader did), a raw pipe round trip of the same bytes between two
  threads (the bound for any design that keeps the agent's code in another process), and coderl's
  boundary (encode, frame, the worker's dispatch, decode). Here the worker runs in a thread of this
  process over real pipes; in grading it is another process under another uid.
- ``grade fizzbuzz``: ``Grader.grade`` with warm graders (a container prepared ahead, the test process
  waiting with pytest imported; issue 14) beside the cold path (the test process started in a fresh
  container on demand, its removal awaited: the behaviour before) and beside the bounds: one pytest run
  in a container that is already up, and one ``podman exec`` of ``true``. Also the old one-process
  design in a fresh container.
- ``grades/s``: 8 grades with 1, 2 and 4 in flight from 4 warm graders, refill included.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
import time

import pytest
from sandboxes import TASKS, LivePool

from coderl.grade import Grader, remote
from coderl.grade.grader import GRADING_DIR
from coderl.grade.worker import Worker
from coderl.sandbox import SandboxConfig
from coderl.task import load_task

MODULE = "def f(x):\n    return x + 1\n"


@pytest.fixture(scope="module")
def boundary(tmp_path_factory):
    root = tmp_path_factory.mktemp("agent")
    (root / "bench_agent_mod.py").write_text(MODULE)
    sys.path.insert(0, str(root))
    to_w_r, to_w_w = os.pipe()
    from_w_r, from_w_w = os.pipe()
    thread = threading.Thread(target=Worker(to_w_r, from_w_w).serve, daemon=True)
    thread.start()
    b = remote.Boundary(from_w_r, to_w_w)
    remote._BOUNDARY = b
    yield b
    os.close(to_w_w)
    thread.join(5)
    remote._BOUNDARY = None
    sys.path.remove(str(root))


def _info(benchmark, group: str, impl: str, compare: list[str]) -> None:
    benchmark.group = group
    benchmark.extra_info.update(impl=impl, device="cpu", compare_to=compare)


def test_call_in_process(benchmark, boundary):
    import bench_agent_mod

    _info(benchmark, "boundary call f(x) -> int", "in one process (forgeable)", [])
    assert benchmark(bench_agent_mod.f, 41) == 42


def test_raw_pipe_round_trip(benchmark):
    a_r, a_w = os.pipe()
    b_r, b_w = os.pipe()
    message = b'\x00\x00\x00\x2a{"op":"call","id":3,"args":[41],"kwargs":{}}'

    def echo() -> None:
        while data := os.read(a_r, 4096):
            os.write(b_w, data)

    thread = threading.Thread(target=echo, daemon=True)
    thread.start()

    def round_trip() -> bytes:
        os.write(a_w, message)
        return os.read(b_r, 4096)

    _info(benchmark, "boundary call f(x) -> int", "raw pipe round trip (bound)", [])
    assert benchmark(round_trip) == message
    os.close(a_w)
    thread.join(5)


def test_call_across_the_boundary(benchmark, boundary):
    f = boundary.request("import", name="bench_agent_mod").f
    _info(
        benchmark,
        "boundary call f(x) -> int",
        "coderl boundary",
        ["in one process (forgeable)", "raw pipe round trip (bound)"],
    )
    assert benchmark(f, 41) == 42


FIZZ = load_task(TASKS / "fizzbuzz")
FILES = {**FIZZ.workspace, "fizzbuzz.py": (TASKS / "fizzbuzz" / "solution" / "fizzbuzz.py").read_bytes()}
HIDDEN = {f"hidden/{k}": v for k, v in FIZZ.hidden.items()}
PYTEST = ["python3", "-B", "-m", "pytest", "-q", "-p", "no:cacheprovider", f"{GRADING_DIR}/hidden"]
GRADE_GROUP = "grade fizzbuzz (8 tests)"
WARM = "coderl grade, warm graders"
GRADE_PEERS = ["coderl grade, cold (fresh container on demand)", "pytest in a warm container (bound)"]
WARM_GRADERS = 4  # enough for 4 grades in flight


class Graded:
    """A pool and its grader, on the pool's own loop; ``ready()`` waits until every warm grader is
    prepared again (untimed), so a timed grade measures the warm path, not the refill behind it."""

    def __init__(self, warm: int) -> None:
        self.live = LivePool(size=1, config=SandboxConfig(timeout_s=20, warm_graders=warm))
        self.grader = Grader(self.live.pool)
        self.warm = warm
        self.live.run(self.grader.expected_tests(FIZZ))  # collected once per task, as in training
        self.ready()

    def ready(self) -> None:
        async def wait() -> None:
            pool = self.live.pool
            deadline = time.monotonic() + 60
            while (pool._spares.qsize() < pool.spare_fresh or pool._tasks) and time.monotonic() < deadline:
                pool._refill_spares()  # a spare whose preparation failed is made again here
                await asyncio.sleep(0.02)

        self.live.run(wait())

    def grade(self) -> float:
        return self.live.run(self.grader.grade(FIZZ, FILES)).reward

    def many(self, total: int, in_flight: int) -> list[float]:
        async def lane(n: int) -> list[float]:
            return [(await self.grader.grade(FIZZ, FILES)).reward for _ in range(n)]

        async def run() -> list[float]:
            lanes = await asyncio.gather(*(lane(total // in_flight) for _ in range(in_flight)))
            return [r for rewards in lanes for r in rewards]

        return self.live.run(run())

    def close(self) -> None:
        self.live.close()


@pytest.fixture(scope="module")
def warm():
    graded = Graded(WARM_GRADERS)
    yield graded
    graded.close()


@pytest.fixture(scope="module")
def cold():
    graded = Graded(0)
    yield graded
    graded.close()


@pytest.mark.podman
def test_grade_warm(benchmark, warm):
    _info(benchmark, GRADE_GROUP, WARM, GRADE_PEERS)
    reward = benchmark.pedantic(warm.grade, setup=warm.ready, rounds=15, iterations=1, warmup_rounds=1)
    assert reward == 1.0 and warm.grader.stats["warm"] >= 15


@pytest.mark.podman
def test_grade_cold(benchmark, cold):
    _info(benchmark, GRADE_GROUP, GRADE_PEERS[0], [])
    assert benchmark.pedantic(cold.grade, setup=cold.ready, rounds=8, iterations=1, warmup_rounds=1) == 1.0


@pytest.mark.podman
def test_pytest_in_a_warm_container(benchmark, warm):
    """The bound for any design that starts pytest per grade: one pytest run (interpreter start, pytest
    import, the 8 tests, no boundary) in a container that is already up, with the files in place."""
    live = warm.live

    sandbox = live.run(live.pool.acquire())
    try:
        live.run(sandbox.write_files(FILES))
        live.run(sandbox.write_files(HIDDEN, GRADING_DIR))
        _info(benchmark, GRADE_GROUP, GRADE_PEERS[1], [])
        result = benchmark.pedantic(
            lambda: live.run(sandbox.run(PYTEST, env={"PYTHONPATH": "/workspace"})), rounds=15, iterations=1
        )
        assert result.exit_code == 0, result.stdout
    finally:
        live.run(live.pool.release(sandbox))


@pytest.mark.podman
def test_podman_exec_in_a_warm_container(benchmark, warm):
    """What one ``podman exec`` of a trivial command costs: a design that execs into a prepared
    container per grade pays at least this once."""
    live = warm.live
    sandbox = live.run(live.pool.acquire())
    try:
        cmd = live.pool.engine.command("exec", "--user", "23000", sandbox.container_id, "true")
        env = live.pool.engine.env()
        _info(benchmark, GRADE_GROUP, "podman exec true (one exec, bound)", [])
        benchmark.pedantic(lambda: subprocess.run(cmd, env=env, check=True), rounds=15, iterations=1)
    finally:
        live.run(live.pool.release(sandbox))


@pytest.mark.podman
@pytest.mark.parametrize("in_flight", [1, 2, 4])
def test_grades_per_second(benchmark, warm, in_flight):
    """8 grades, ``in_flight`` at a time, from a full set of warm graders: the spares are used up within
    a round, so this measures the steady state, refill (container create, start, prepare, remove) included."""
    total = 8
    benchmark.group = "grades/s, fizzbuzz, 8 grades from 4 warm graders"
    benchmark.extra_info.update(impl=f"{in_flight} in flight", device="cpu", compare_to=[], grades=total)
    rewards = benchmark.pedantic(lambda: warm.many(total, in_flight), setup=warm.ready, rounds=3, iterations=1)
    assert rewards == [1.0] * total
    benchmark.extra_info["grades_per_s"] = total / benchmark.stats.stats.median


@pytest.mark.podman
def test_pytest_in_one_process_in_a_fresh_container(benchmark, cold):
    """The old design's cost: pytest and the agent's code in one process, in a fresh container."""

    async def one() -> int:
        async with cold.live.pool.fresh() as sandbox:
            await sandbox.write_files(HIDDEN, GRADING_DIR)
            await sandbox.write_files(FILES)
            return (await sandbox.run(PYTEST, env={"PYTHONPATH": "/workspace"})).exit_code

    _info(benchmark, GRADE_GROUP, "pytest in one process, fresh container (old design)", [])
    assert benchmark.pedantic(lambda: cold.live.run(one()), setup=cold.ready, rounds=8, iterations=1) == 0
