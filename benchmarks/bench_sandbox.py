"""Sandbox hot paths on real rootless Podman: a command's round trip through the pool's agent stream
against ``podman exec`` and ``podman run --rm``; episode reset; N concurrent episodes (put a workspace,
run pytest, read a file) with 1, 2 and 4 sandboxes; one grade in a fresh container.

The round trip's physical reference is a fork+exec of ``true`` on the host with no container at all.
"""

from __future__ import annotations

import asyncio
import subprocess
import time

import pytest
from sandboxes import TASKS, LivePool

from coderl.grade import Grader
from coderl.task import load_task

pytestmark = pytest.mark.podman

TASK = load_task(TASKS / "fizzbuzz")
SOLVED = {**TASK.workspace, "fizzbuzz.py": (TASKS / "fizzbuzz" / "solution" / "fizzbuzz.py").read_bytes()}
RT_PEERS = ["podman exec", "podman run --rm", "host fork+exec (bound)"]
EPISODES = 8


@pytest.fixture(scope="module")
def live():
    pool = LivePool(size=4)
    yield pool
    pool.close()


def _rt(benchmark, impl: str, compare: bool = False) -> None:
    benchmark.group = "sandbox round trip (trivial command)"
    benchmark.extra_info.update(impl=impl, device="cpu", compare_to=RT_PEERS if compare else [])


def test_roundtrip_pool(benchmark, live):
    sandbox = live.run(live.pool.acquire())
    try:
        _rt(benchmark, "coderl pool (agent stream)", compare=True)
        benchmark.pedantic(lambda: live.run(sandbox.run("true")), rounds=200, iterations=1, warmup_rounds=5)
    finally:
        live.run(live.pool.release(sandbox))


def test_roundtrip_podman_exec(benchmark, live):
    sandbox = live.run(live.pool.acquire())
    engine = live.pool.engine
    cmd = engine.command("exec", "--user", "23000", sandbox.container_id, "true")
    try:
        _rt(benchmark, "podman exec")
        benchmark.pedantic(
            lambda: subprocess.run(cmd, env=engine.env(), cwd="/", check=True, capture_output=True),
            rounds=15,
            iterations=1,
        )
    finally:
        live.run(live.pool.release(sandbox))


def test_roundtrip_podman_run(benchmark, live):
    engine = live.pool.engine
    cmd = engine.command("run", "--rm", "--network=none", "--cap-drop=ALL", engine.config.image, "true")
    _rt(benchmark, "podman run --rm")
    benchmark.pedantic(
        lambda: subprocess.run(cmd, env=engine.env(), cwd="/", check=True, capture_output=True), rounds=8, iterations=1
    )


def test_roundtrip_host_bound(benchmark):
    _rt(benchmark, "host fork+exec (bound)")
    benchmark.pedantic(lambda: subprocess.run(["true"], check=True), rounds=100, iterations=1)


def test_reset(benchmark, live):
    sandbox = live.run(live.pool.acquire())
    files = {f"pkg/m{i}.py": "x = 1\n" * 50 for i in range(20)}

    def dirty():
        live.run(sandbox.write_files(files))
        live.run(sandbox.run('python3 -c \'open("/tmp/big", "wb").write(bytes(8 << 20))\'; (sleep 100 &)'))
        return (), {}

    benchmark.group = "episode reset (20 files, 8 MB scratch, a background process)"
    benchmark.extra_info.update(impl="coderl reset (kill + wipe)", device="cpu")
    try:
        benchmark.pedantic(lambda: live.run(sandbox.reset()), setup=dirty, rounds=20, iterations=1)
    finally:
        live.run(live.pool.release(sandbox))


def _cpu_times() -> tuple[float, float]:
    with open("/proc/stat") as f:
        fields = [float(x) for x in f.readline().split()[1:]]
    idle = fields[3] + fields[4]
    return sum(fields) - idle, sum(fields)


async def _episodes(live: LivePool, concurrency: int) -> None:
    gate = asyncio.Semaphore(concurrency)

    async def episode(i: int) -> None:
        async with gate, live.pool.sandbox(SOLVED) as sandbox:
            result = await sandbox.run("python3 -m pytest -q -p no:cacheprovider tests")
            assert result.exit_code == 0, result.observation()
            assert await sandbox.read_file("/workspace/fizzbuzz.py") == SOLVED["fizzbuzz.py"]

    await asyncio.gather(*(episode(i) for i in range(EPISODES)))


@pytest.mark.parametrize("concurrency", [1, 2, 4])
def test_concurrent_episodes(benchmark, live, concurrency):
    busy: list[float] = []

    def run() -> None:
        b0, t0 = _cpu_times()
        live.run(_episodes(live, concurrency))
        b1, t1 = _cpu_times()
        busy.append((b1 - b0) / max(t1 - t0, 1e-9))

    benchmark.group = f"{EPISODES} episodes (put workspace, pytest, read file)"
    benchmark.extra_info.update(
        impl=f"pool, {concurrency} in flight",
        device="cpu",
        compare_to=["pool, 1 in flight"] if concurrency > 1 else [],
    )
    benchmark.pedantic(run, rounds=3, iterations=1)
    benchmark.extra_info["episodes_per_s"] = EPISODES / benchmark.stats.stats.median
    benchmark.extra_info["cpu_busy"] = sorted(busy)[len(busy) // 2]


def test_grade(benchmark, live):
    grader = Grader(live.pool)
    live.run(grader.expected_tests(TASK))  # collected once per task, then cached
    benchmark.group = "grade (fresh container, 8 hidden tests)"
    benchmark.extra_info.update(impl="coderl grader", device="cpu")
    start = time.perf_counter()
    result = benchmark.pedantic(lambda: live.run(grader.grade(TASK, SOLVED)), rounds=5, iterations=1)
    assert result.reward == 1.0 and time.perf_counter() > start
