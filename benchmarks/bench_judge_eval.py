"""What `coderl judge eval` adds on top of the judge's own requests.

The shipped example set (62 labelled actions) against the loopback judge server (instant scripted
replies): the bare ``HTTPJudge`` asked for every action (its cache cleared each round, as the eval
does) against ``judge_eval.evaluate`` (the same requests, instrumented, then stage 1 and the three
judge modes replayed through ``Guard.check`` and every metric computed). The difference per action is
the eval's own overhead.
"""

from __future__ import annotations

import asyncio

import pytest
from judge_server import JudgeServer

from coderl.guard.judge import HTTPJudge, JudgeConfig, JudgeContext
from coderl.guard.judge_eval import EXAMPLE_SET, evaluate, load_labelled

ITEMS = load_labelled(EXAMPLE_SET)


@pytest.fixture(scope="module")
def server():
    with JudgeServer() as s:
        yield s


async def _bare(judge: HTTPJudge, concurrency: int) -> None:
    queue = iter(ITEMS)

    async def worker() -> None:
        for item in queue:
            await judge.judge(item.action, JudgeContext(item.task_prompt))

    await asyncio.gather(*(worker() for _ in range(concurrency)))


@pytest.mark.parametrize("concurrency", [1, 4])  # 4: under the test server's listen backlog (5)
@pytest.mark.parametrize("impl", ["bare HTTPJudge", "judge eval"])
def test_judge_eval_overhead(benchmark, server, impl, concurrency):
    config = JudgeConfig(url=server.url, concurrency=concurrency, backoff_s=0.01)
    loop = asyncio.new_event_loop()
    judge = HTTPJudge(config)
    if impl == "bare HTTPJudge":

        def run() -> None:
            judge._cache.clear()
            loop.run_until_complete(_bare(judge, concurrency))

    else:

        def run() -> None:
            report = loop.run_until_complete(evaluate(ITEMS, config, concurrency=concurrency))
            assert report["run"]["failures"]["actions_failed"] == 0

    benchmark.group = f"judge eval, {len(ITEMS)} labelled actions, concurrency {concurrency} (loopback HTTP)"
    benchmark.extra_info.update(impl=impl, device="cpu", compare_to=["bare HTTPJudge"] if impl == "judge eval" else [])
    benchmark.pedantic(run, rounds=5, iterations=1, warmup_rounds=1)
    benchmark.extra_info["ms_per_action"] = benchmark.stats.stats.median / len(ITEMS) * 1e3
    loop.run_until_complete(judge.aclose())
    loop.close()
