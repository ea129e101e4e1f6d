"""RolloutWorker: one inference engine (transformers or vLLM, whatever ``[rollout] engine`` names) in its own
actor, generating for the episode workers and taking the learner's weights over the stateless sync group.

Episode workers reach the replicas through :class:`Replicas`: each episode is pinned to the replica with the
fewest episodes in flight when it starts (so a replica keeps an episode's prefix in its cache), and talks to it
through a :class:`RemoteEngine`, which has the :class:`~coderl.rollout.engine.Engine` interface: the agent
loop (:func:`coderl.rollout.loop.run_episode`) runs unchanged on top of it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from coderl.distributed.cluster import require_ray, where
from coderl.distributed.weight_sync import Layout, StatelessGroup, checksum, receive
from coderl.rollout.engine import Engine, Generation, SamplingParams, make_engine, pad_id_of
from coderl.rollout.loop import Batcher

__all__ = ["RemoteEngine", "Replicas", "RolloutWorker"]


class RolloutWorker:
    """An engine on the policy at ``policy`` (the Ray actor class is ``ray.remote(RolloutWorker)``)."""

    def __init__(self, engine: str, policy: str, *, seed: int, options: dict[str, Any], threads: int = 0) -> None:
        if threads:
            import torch

            torch.set_num_threads(threads)
        self.engine: Engine = make_engine(engine, Path(policy), seed=seed, **options)
        self.group: StatelessGroup | None = None
        self.group_number = 0
        self.version = 0

    def where(self) -> dict[str, Any]:
        """Node and process of this worker (for ``coderl cluster status``)."""
        return {"role": "rollout", "weights_version": self.version, **where()}

    async def generate(self, prompts: Sequence[Sequence[int]], params: SamplingParams) -> list[Generation]:
        """The engine's completions of ``prompts``."""
        return await self.engine.generate(prompts, params)

    async def join(self, host: str, port: int, rank: int, world: int, group_id: int = 1) -> None:
        """Join the weight-sync group number ``group_id`` (rank >= 1), leaving any earlier one; returns once every
        rank has joined."""
        if self.group is not None:
            self.group.close()
            self.group = None
        self.group = await asyncio.to_thread(StatelessGroup, host, port, rank, world)
        self.group_number = group_id

    def group_id(self) -> int:
        """The number of the weight-sync group this worker is in; 0 for none (a restarted worker is in none)."""
        return self.group_number if self.group is not None else 0

    async def receive(self, layout: Layout, version: int) -> float:
        """Take the weights rank 0 broadcasts now and load them into the engine; returns their checksum."""
        if self.group is None:
            raise RuntimeError("RolloutWorker.receive: join the weight-sync group first")
        state = await asyncio.to_thread(receive, self.group, layout)
        self.engine.update_weights(state)
        self.version = version
        return checksum(state)

    def weights_checksum(self) -> float:
        """The checksum of the engine's current weights (transformers engine; tests compare it with the learner's)."""
        model = getattr(self.engine, "model", None)
        if model is None:
            raise RuntimeError("this engine does not expose its weights")
        return checksum(model.state_dict())

    def close(self) -> None:
        """Free the engine and leave the group."""
        if self.group is not None:
            self.group.close()
            self.group = None
        self.engine.close()


class RemoteEngine:
    """The :class:`~coderl.rollout.engine.Engine` interface over one RolloutWorker actor: ``generate`` is an actor
    call; weights arrive over the sync group instead (:meth:`update_weights` is refused here)."""

    def __init__(self, actor: Any, tokenizer: Any) -> None:
        self.actor = actor
        self.tokenizer = tokenizer
        self.pad_id = pad_id_of(tokenizer)

    async def generate(self, prompts: Sequence[Sequence[int]], params: SamplingParams) -> list[Generation]:
        result: list[Generation] = await self.actor.generate.remote([list(p) for p in prompts], params)
        return result

    def update_weights(self, state_dict: Mapping[str, Any]) -> None:
        raise RuntimeError("a remote engine takes its weights over the weight-sync group, not update_weights")

    def sleep(self) -> None:
        """Nothing: the remote engine is not on this process's device."""

    def wake_up(self) -> None:
        """Nothing (see :meth:`sleep`)."""

    def close(self) -> None:
        """Nothing: the actor's owner closes it."""


class Replicas:
    """The rollout workers as seen from one episode worker: a batcher per replica and a least-in-flight choice."""

    def __init__(self, actors: Sequence[Any], tokenizer: Any, max_batch: int = 32) -> None:
        if not actors:
            raise ValueError("no rollout workers")
        require_ray()
        self.engines = [RemoteEngine(a, tokenizer) for a in actors]
        self.batchers = [Batcher(e, max_batch) for e in self.engines]
        self.in_flight = [0] * len(actors)

    @contextlib.asynccontextmanager
    async def pinned(self) -> AsyncIterator[Batcher]:
        """The batcher of the replica with the fewest episodes in flight (ties: the lowest index), for one episode."""
        index = min(range(len(self.in_flight)), key=lambda i: (self.in_flight[i], i))
        self.in_flight[index] += 1
        try:
            yield self.batchers[index]
        finally:
            self.in_flight[index] -= 1
