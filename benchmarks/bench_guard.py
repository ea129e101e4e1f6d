"""Guarded execution's overhead over a bare sandbox call (stage 1 only, and with a judge on loopback),
and judge throughput with and without the cache.

The judge is a real HTTP server on loopback with a scripted, instant reply: what is timed is coderl's
side (prompt building, HTTP, parsing, retries machinery, cache), not a model.
"""

from __future__ import annotations

import asyncio

import pytest
from judge_server import JudgeServer
from sandboxes import LivePool

from coderl.guard import parse_action
from coderl.guard.guarded import EpisodeGuard, Guard, GuardConfig
from coderl.guard.judge import HTTPJudge, JudgeConfig

pytestmark = pytest.mark.podman

STEP = parse_action({"tool": "bash", "command": "echo ok"})
N_JUDGED = 200


@pytest.fixture(scope="module")
def live():
    pool = LivePool(size=1)
    yield pool
    pool.close()


@pytest.fixture(scope="module")
def server():
    with JudgeServer() as s:
        yield s


def _step_info(benchmark, impl: str, compare: bool = False) -> None:
    benchmark.group = "guarded step (bash `echo ok`)"
    benchmark.extra_info.update(impl=impl, device="cpu", compare_to=["bare sandbox run"] if compare else [])


def _steps(benchmark, live, fn) -> None:
    sandbox = live.run(live.pool.acquire())
    try:
        benchmark.pedantic(lambda: live.run(fn(sandbox)), rounds=100, iterations=1, warmup_rounds=3)
    finally:
        live.run(live.pool.release(sandbox))


def test_bare(benchmark, live):
    _step_info(benchmark, "bare sandbox run")
    _steps(benchmark, live, lambda s: s.run(STEP.text("command")))


def test_stage1(benchmark, live):
    guard, episode = Guard(), EpisodeGuard()
    _step_info(benchmark, "guard: stage 1", compare=True)
    _steps(benchmark, live, lambda s: guard.step(s, STEP, episode))


def test_stage1_and_judge(benchmark, live, server):
    episode = EpisodeGuard()
    counter = iter(range(1 << 30))
    judge = HTTPJudge(JudgeConfig(url=server.url, cache_size=1))

    async def step(sandbox):
        # a fresh action each round, so the judge is asked every time (no cache hits)
        action = parse_action({"tool": "bash", "command": f"echo ok {next(counter)}"})
        return await guard.step(sandbox, action, episode)

    guard = Guard(judge=judge, config=GuardConfig(judge_mode="all"))
    _step_info(benchmark, "guard: stage 1 + judge (loopback)", compare=True)
    _steps(benchmark, live, step)
    live.run(judge.aclose())


async def _judge_all(judge: HTTPJudge, actions) -> None:
    verdicts = await asyncio.gather(*(judge.judge(a) for a in actions))
    assert all(v.source in ("judge", "cache") for v in verdicts)


@pytest.mark.parametrize("cached", [False, True])
def test_judge_throughput(benchmark, server, cached):
    actions = [parse_action({"tool": "bash", "command": f"python3 -m pytest -q -k case_{i}"}) for i in range(N_JUDGED)]
    loop = asyncio.new_event_loop()
    judge = HTTPJudge(JudgeConfig(url=server.url, concurrency=8))
    if cached:
        loop.run_until_complete(_judge_all(judge, actions))
        setup = None
    else:

        def setup():
            judge._cache.clear()
            return (), {}

    benchmark.group = f"judge, {N_JUDGED} distinct actions (concurrency 8, loopback HTTP)"
    benchmark.extra_info.update(
        impl="cache hits" if cached else "uncached requests",
        device="cpu",
        compare_to=["uncached requests"] if cached else [],
    )
    benchmark.pedantic(lambda: loop.run_until_complete(_judge_all(judge, actions)), setup=setup, rounds=5, iterations=1)
    benchmark.extra_info["verdicts_per_s"] = N_JUDGED / benchmark.stats.stats.median
    loop.run_until_complete(judge.aclose())
    loop.close()
