"""EpisodeWorker: the agent loop beside its sandboxes, one per sandbox node.

It holds that node's rootless Podman pool, the guard (stage 1 in process, the judge's client) and the grader,
and plays whole episodes with :func:`coderl.rollout.loop.run_episode`, the local loop's own function: only
the generation goes over the network (to a rollout worker), while the command round trips (~4 ms) stay on
the node. The controller sends a task, an episode id and the episode's index; the sampling seed comes from the
iteration's seed and that index only, so the result does not depend on which worker played it.

The pool starts on the first episode (after a restart too): :meth:`SandboxPool.start` first removes the
containers a killed predecessor left (their owner process is gone), and the Podman API services that died with
it are stopped.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from coderl.distributed.cluster import where
from coderl.distributed.rollout_worker import Replicas
from coderl.grade.grader import Grader
from coderl.guard.guarded import AuditLog, Guard, GuardConfig
from coderl.rollout.loop import RolloutConfig, episode_seed, run_episode
from coderl.rollout.protocol import ChatFormat
from coderl.rollout.trajectory import Trajectory
from coderl.sandbox.config import SandboxConfig
from coderl.sandbox.pool import SandboxPool
from coderl.task import Task

__all__ = ["EpisodeWorker"]


class EpisodeWorker:
    """Episodes in this node's sandboxes (the Ray actor class is ``ray.remote(EpisodeWorker)``, an async actor)."""

    def __init__(
        self,
        *,
        name: str,
        policy: str,
        rollout_workers: list[Any],
        sandbox: SandboxConfig,
        sandboxes: int,
        guard: GuardConfig,
        judge: Any = None,
        audit: str | None = None,
        seed: int = 0,
        max_batch: int = 32,
    ) -> None:
        """Nothing starts here (a restarted actor runs this again): the pool and judge start on first use."""
        from transformers import AutoTokenizer

        self.name = name
        self.tokenizer = AutoTokenizer.from_pretrained(policy)
        self.replicas = Replicas(rollout_workers, self.tokenizer, max_batch)
        self.sandbox_config, self.size = sandbox, sandboxes
        self.guard_config, self.judge_config, self.seed = guard, judge, seed
        self.audit = audit
        self.pool: SandboxPool | None = None
        self.grader: Grader | None = None
        self.guard: Guard | None = None
        self.judge: Any = None
        self._starting = asyncio.Lock()
        self._gate: asyncio.Semaphore | None = None
        self.episodes = 0

    def where(self) -> dict[str, Any]:
        """Node and process of this worker, and how many sandboxes it holds (for ``coderl cluster status``)."""
        return {"role": "episode", "sandboxes": self.size if self.pool else 0, "episodes": self.episodes, **where()}

    async def start(self) -> dict[str, Any]:
        """Stop Podman services left by dead processes, start the pool (removing a predecessor's containers),
        the judge's client and the guard. Idempotent; :meth:`run_episode` calls it too."""
        async with self._starting:
            if self.pool is None:
                from coderl.sandbox.podman import reap_orphaned_services

                await asyncio.to_thread(reap_orphaned_services)
                pool = SandboxPool(self.sandbox_config, size=self.size)
                await pool.start()
                if self.judge_config is not None:
                    from coderl.guard.judge import make_judge

                    self.judge = make_judge(self.judge_config, seed=self.seed)
                audit = AuditLog(Path(self.audit)) if self.audit else None
                self.guard = Guard(judge=self.judge, config=self.guard_config, audit=audit)
                self.pool, self.grader = pool, Grader(pool)
            return {"leftovers_removed": self.pool.stats["leftovers_removed"], **self.where()}

    async def run_episode(self, task: Task, episode_id: str, index: int, config: RolloutConfig) -> Trajectory:
        """Episode ``index`` of an iteration whose rollout settings are ``config``: played, graded, returned.
        At most ``config.concurrency`` run at once on this worker."""
        await self.start()
        if self._gate is None:
            self._gate = asyncio.Semaphore(config.concurrency)
        assert self.pool is not None and self.grader is not None and self.guard is not None
        fmt = ChatFormat(self.tokenizer, config.system_prompt, config.tool_format)
        async with self._gate, self.replicas.pinned() as batcher:
            traj = await run_episode(
                task,
                batcher=batcher,
                pool=self.pool,
                guard=self.guard,
                grader=self.grader,
                fmt=fmt,
                config=config,
                episode_id=episode_id,
                seed=episode_seed(config.seed, index) if config.episode_seeds else None,
            )
        self.episodes += 1
        return traj

    async def close(self) -> None:
        """Remove the containers and close the judge's client. A worker that Ray restarted and that never played
        again removes what its killed predecessor left (its pool would have, on start)."""
        pool, self.pool, self.grader = self.pool, None, None
        if pool is not None:
            await pool.close()
        else:
            from coderl.sandbox.podman import PodmanEngine

            def remove_leftovers() -> None:
                engine = PodmanEngine(self.sandbox_config)
                try:
                    engine.remove_leftovers()
                finally:
                    engine.close()

            await asyncio.to_thread(remove_leftovers)
        if self.judge is not None:
            await self.judge.aclose()
            self.judge = None
