"""The agent loop: generate → parse the action → guarded execution → observation → repeat; then grade.

Many episodes run at once (asyncio): while one episode's action runs in a sandbox, others generate,
and their generation requests are batched together (``Batcher``). Each finished trajectory is written
at once, so a crash loses nothing that finished.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import random
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from coderl.episode import Episode
from coderl.grade.grader import Grader
from coderl.guard.guarded import Guard
from coderl.rollout.engine import Engine, Generation, SamplingParams
from coderl.rollout.protocol import TOOL_FORMATS, ChatFormat, ToolFormatName
from coderl.rollout.trajectory import Trajectory, TrajectoryWriter
from coderl.sandbox.pool import SandboxPool
from coderl.sandbox.sandbox import SandboxError
from coderl.task import Task

__all__ = [
    "Batcher",
    "RolloutConfig",
    "episode_seed",
    "episode_tasks",
    "failed_trajectory",
    "run_episode",
    "run_rollouts",
    "summarize",
]

log = logging.getLogger("coderl.rollout")


@dataclass(frozen=True)
class RolloutConfig:
    """Episode limits, sampling and the tool format. Token limits count the whole conversation (prompt
    included). ``tool_format`` is how the policy writes calls (``coderl``, ``hermes``, ``openai``: see
    :mod:`coderl.rollout.protocol`); ``system_prompt`` None is that format's default prompt."""

    max_turns: int = 8
    max_new_tokens: int = 256
    max_total_tokens: int = 4096
    max_observation_tokens: int = 512
    wall_clock_s: float = 300.0
    temperature: float = 1.0
    top_p: float = 1.0
    system_prompt: str | None = None
    tool_format: ToolFormatName = "coderl"
    concurrency: int = 8
    max_batch: int = 32
    seed: int = 0
    # Each episode samples from its own stream, seeded by (seed, episode index, turn): its tokens then do not depend
    # on which other episodes ran beside it, in which order, or on which worker (the distributed trainer needs
    # this). Off: episodes share the engine's stream and their requests batch together (faster on one machine).
    episode_seeds: bool = False

    def __post_init__(self) -> None:
        for name in ("max_turns", "max_new_tokens", "max_total_tokens", "max_observation_tokens", "concurrency"):
            if getattr(self, name) < 1:
                raise ValueError(f"rollout {name}={getattr(self, name)!r} must be >= 1")
        if self.wall_clock_s <= 0:
            raise ValueError(f"rollout wall_clock_s={self.wall_clock_s!r} must be positive")
        if self.tool_format not in TOOL_FORMATS:
            raise ValueError(f"rollout tool_format={self.tool_format!r} must be one of {', '.join(TOOL_FORMATS)}")


class Batcher:
    """Collects generation requests from concurrent episodes and sends them to the engine in batches: one batch
    at a time to an engine that runs a batch to completion (transformers), so that requests made meanwhile form the
    next batch; at once to a continuously batching engine (vLLM), which adds them to what it is generating."""

    def __init__(self, engine: Engine, max_batch: int = 32, wait_s: float = 0.003) -> None:
        self.engine = engine
        self.max_batch = max_batch
        self.wait_s = wait_s
        self._pending: list[tuple[list[int], SamplingParams, asyncio.Future[Generation]]] = []
        self._flusher: asyncio.Task[None] | None = None
        self._inflight: set[asyncio.Task[None]] = set()
        self.batches: list[int] = []
        # an engine with ``continuous = True`` (vLLM) adds requests to the running batch: groups go out at once
        self.continuous = bool(getattr(engine, "continuous", False))

    async def generate(self, prompt: list[int], params: SamplingParams) -> Generation:
        future: asyncio.Future[Generation] = asyncio.get_running_loop().create_future()
        self._pending.append((prompt, params, future))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.ensure_future(self._flush())
        return await future

    async def _flush(self) -> None:
        while self._pending:
            await asyncio.sleep(self.wait_s)  # let other episodes add their requests
            groups: dict[SamplingParams, list[tuple[list[int], asyncio.Future[Generation]]]] = {}
            taken, self._pending = self._pending[: self.max_batch], self._pending[self.max_batch :]
            for prompt, params, future in taken:
                groups.setdefault(params, []).append((prompt, future))
            for params, items in groups.items():
                self.batches.append(len(items))
                if self.continuous:  # the engine takes requests while it generates: never wait for a batch
                    task = asyncio.ensure_future(self._dispatch(params, items))
                    self._inflight.add(task)
                    task.add_done_callback(self._inflight.discard)
                else:
                    await self._dispatch(params, items)

    async def _dispatch(
        self, params: SamplingParams, items: list[tuple[list[int], asyncio.Future[Generation]]]
    ) -> None:
        """One group's generation; its results (or its failure) settle the waiting episodes' futures."""
        try:
            results = await self.engine.generate([p for p, _ in items], params)
        except Exception as exc:  # every waiting episode learns of the failure
            for _, future in items:
                if not future.done():
                    future.set_exception(exc)
            return
        for (_, future), result in zip(items, results, strict=True):
            if not future.done():
                future.set_result(result)


def _mix(*parts: int) -> int:
    """A 32-bit seed from integers: the same parts, the same seed, on every machine and process."""
    return int.from_bytes(hashlib.sha256(repr(parts).encode()).digest()[:4], "big")


def episode_seed(seed: int, index: int) -> int:
    """The sampling seed of episode ``index`` of a rollout seeded ``seed`` (``RolloutConfig.episode_seeds``)."""
    return _mix(seed, index)


def episode_tasks(tasks: Sequence[Task], episodes: int, seed: int) -> list[Task]:
    """The task of each episode index: round robin over ``tasks`` in an order shuffled by ``seed``. Every driver
    (this loop, the distributed controller) assigns tasks to episode indices through this one function."""
    if not tasks:
        raise ValueError("no tasks")
    order = list(range(len(tasks)))
    random.Random(seed).shuffle(order)
    return [tasks[order[i % len(order)]] for i in range(episodes)]


def failed_trajectory(task: Task, episode_id: str, fmt: ChatFormat, finish: str, note: str = "") -> Trajectory:
    """The recorded trajectory of an episode that never ran its course because what played it failed (a
    distributed worker died): the prompt only, reward 0, ``finish`` (e.g. ``sandbox_error``) and the reason."""
    traj = Trajectory(task.id, episode_id)
    prompt = fmt.prompt_ids(task.prompt)
    traj.append(prompt, policy=False)
    traj.prompt_len = len(prompt)
    traj.finish = finish
    traj.reward = 0.0
    traj.metrics = {"sandbox_errors": 1} if finish == "sandbox_error" else {"engine_errors": 1}
    if note:
        traj.marks = {"error": note}
    return traj


def _params(config: RolloutConfig, budget: int, stop: tuple[str, ...], seed: int | None = None) -> SamplingParams:
    # without a seed, episodes share the sampling settings so that their requests batch together
    return SamplingParams(
        max_new_tokens=max(1, min(config.max_new_tokens, budget)),
        temperature=config.temperature,
        top_p=config.top_p,
        stop=stop,
        seed=seed,
    )


async def run_episode(
    task: Task,
    *,
    batcher: Batcher,
    pool: SandboxPool,
    guard: Guard,
    grader: Grader,
    fmt: ChatFormat,
    config: RolloutConfig,
    episode_id: str,
    seed: int | None = None,
) -> Trajectory:
    """One episode of ``task`` driven by the policy; every failure ends it with a recorded reason, never
    a raise. The episode itself (guarded steps, audit, grading, reward) is ``coderl.episode.Episode``.
    With ``seed``, turn ``k`` samples with the seed ``(seed, k)``: the episode's tokens depend on nothing else."""
    traj = Trajectory(task.id, episode_id)
    prompt = fmt.prompt_ids(task.prompt)
    traj.append(prompt, policy=False)
    traj.prompt_len = len(prompt)
    metrics: Counter[str] = Counter()
    generate_s = 0.0
    start = time.monotonic()
    episode = Episode(task, pool=pool, guard=guard, grader=grader, episode_id=episode_id)
    try:
        async with episode:
            finish = "max_turns"
            for turn in range(config.max_turns):
                budget = config.max_total_tokens - len(traj.token_ids)
                if budget <= 0:
                    finish = "max_tokens"
                    break
                if time.monotonic() - start > config.wall_clock_s:
                    finish = "wall_clock"
                    break
                t0 = time.perf_counter()
                params = _params(config, budget, fmt.stop, None if seed is None else _mix(seed, turn))
                generation = await batcher.generate(list(traj.token_ids), params)
                generate_s += time.perf_counter() - t0
                begin = len(traj.token_ids)
                traj.append(generation.token_ids, policy=True, logprobs=generation.logprobs)
                traj.turns.append((begin, len(traj.token_ids)))
                traj.append(fmt.end_of_turn_ids(generation.token_ids), policy=False)
                parsed = fmt.parse(generation.text)
                if parsed.kind != "ok":
                    metrics[f"parse_{parsed.kind}"] += 1
                if parsed.action is None:
                    observation = parsed.error or ""
                    traj.steps.append({"outcome": "parse_error", "kind": parsed.kind})
                else:
                    step = await episode.step(parsed.action)
                    traj.steps.append(step.record())
                    if episode.done:
                        break
                    observation = step.observation + (f"\n{parsed.error}" if parsed.error else "")
                text, cut = fmt.truncate_observation(observation, config.max_observation_tokens)
                metrics["observations_truncated"] += cut
                obs_ids = fmt.observation_ids(text)
                if len(traj.token_ids) + len(obs_ids) >= config.max_total_tokens:
                    finish = "max_tokens"
                    break
                traj.append(obs_ids, policy=False)
            outcome = await episode.finish(finish)
    except SandboxError as exc:
        metrics["sandbox_errors"] += 1
        log.warning("episode %s: sandbox failed: %s", episode_id, exc)
        outcome = episode.ungraded("sandbox_error")
    except Exception as exc:  # the engine failed: the episode ends, recorded
        metrics["engine_errors"] += 1
        log.error("episode %s: %s: %s", episode_id, type(exc).__name__, exc)
        outcome = episode.ungraded("engine_error")
    traj.finish = outcome.finish
    if outcome.grade is not None:
        traj.grade = outcome.grade
    traj.reward = outcome.reward
    traj.marks = outcome.marks
    metrics["turns"] = len(traj.turns)
    metrics["intercepts"] = outcome.intercepts
    if outcome.finish == "sandbox_error" and not metrics["sandbox_errors"]:
        metrics["sandbox_errors"] += 1
    traj.metrics = dict(metrics)
    traj.timings = {**outcome.timings, "generate_s": generate_s, "episode_s": time.monotonic() - start}
    return traj


async def run_rollouts(
    tasks: Sequence[Task],
    episodes: int,
    *,
    engine: Engine,
    pool: SandboxPool,
    guard: Guard,
    grader: Grader,
    config: RolloutConfig,
    writer: TrajectoryWriter | None = None,
    on_done: Callable[[Trajectory], None] | None = None,
    id_prefix: str = "ep",
) -> list[Trajectory]:
    """``episodes`` episodes over ``tasks`` (round robin, shuffled by the seed), at most
    ``config.concurrency`` in flight; each finished trajectory is written at once."""
    if not tasks:
        raise ValueError("no tasks")
    fmt = ChatFormat(engine.tokenizer, config.system_prompt, config.tool_format)
    batcher = Batcher(engine, config.max_batch)
    chosen = episode_tasks(tasks, episodes, config.seed)
    gate = asyncio.Semaphore(config.concurrency)
    done: list[Trajectory] = []

    async def one(i: int) -> None:
        async with gate:
            traj = await run_episode(
                chosen[i],
                batcher=batcher,
                pool=pool,
                guard=guard,
                grader=grader,
                fmt=fmt,
                config=config,
                episode_id=f"{id_prefix}-{i}",
                seed=episode_seed(config.seed, i) if config.episode_seeds else None,
            )
        if writer is not None:
            writer.write(traj)
        done.append(traj)
        if on_done is not None:
            on_done(traj)

    jobs = [asyncio.ensure_future(one(i)) for i in range(episodes)]
    try:
        await asyncio.gather(*jobs)
    finally:
        for job in jobs:
            if not job.done():
                job.cancel()
                with contextlib.suppress(BaseException):
                    await job
    return done


def summarize(trajectories: Sequence[Trajectory]) -> dict[str, Any]:
    """Episodes, mean reward, pass rate, turns, tokens, intercepts, finish reasons, time shares."""
    n = len(trajectories)
    if not n:
        return {"episodes": 0}
    timing: defaultdict[str, float] = defaultdict(float)
    for t in trajectories:
        for key, value in t.timings.items():
            timing[key] += value
    busy = sum(timing[k] for k in ("generate_s", "exec_s", "guard_s", "grade_s")) or 1.0
    return {
        "episodes": n,
        "mean_reward": sum(t.reward for t in trajectories) / n,
        "pass_rate": sum(1 for t in trajectories if t.grade.get("reward") == 1.0) / n,
        "mean_turns": sum(len(t.turns) for t in trajectories) / n,
        "generated_tokens": sum(t.num_generated for t in trajectories),
        "total_tokens": sum(len(t.token_ids) for t in trajectories),
        "intercepts": sum(len(t.marks.get("intercepts", [])) for t in trajectories),
        "parse_errors": sum(v for t in trajectories for k, v in t.metrics.items() if k.startswith("parse_")),
        "finish": dict(Counter(t.finish for t in trajectories)),
        "time_share": {k.removesuffix("_s"): timing[k] / busy for k in ("generate_s", "exec_s", "guard_s", "grade_s")},
    }
