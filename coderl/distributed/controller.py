"""The controller: the local trainer's iteration loop with its rollout and weight sync placed on a Ray cluster.

:class:`RayTrainer` is :class:`~coderl.train.trainer.Trainer` with three phases moved out of process, and
everything else (task draws, experience, the PPO update, metrics, checkpoints, ``--resume``) the local
trainer's own code:

- :meth:`RayTrainer.make_engine` starts ``[cluster] rollout_workers`` RolloutWorkers and the stateless weight-sync
  group (this process is rank 0); the trainer's engine is a :class:`ClusterEngine` whose ``update_weights`` is a
  bucketed broadcast to all of them.
- :meth:`RayTrainer.sandboxes` starts ``episode_workers`` EpisodeWorkers (one per sandbox node) instead of a local
  pool.
- :meth:`RayTrainer.rollout` hands the iteration's episodes out to the episode workers (at most ``[rollout]
  concurrency`` in flight on each; a free slot takes the next episode) and writes each trajectory as it returns.
  An episode whose worker dies comes back as a recorded ``sandbox_error`` trajectory with reward 0; the
  worker's remaining share goes to the live ones, and Ray restarts the dead one (its pool, when it next starts,
  removes the containers it left).

The controller runs in the driver process of ``coderl train``; it receives the finished trajectories. With
``[cluster] learners = 1`` the learner in this process trains on them; with N > 1, experience and the update
run on N LearnerWorkers (FSDP2 ranks over gloo, :mod:`coderl.distributed.learner_worker`), and the controller
takes rank 0's full weights back for the weight sync and its checkpoints (which keep the single-process
format). Episode randomness depends on (seed, iteration, episode index) only
(``[rollout] episode_seeds``), so the result equals the local run with the same seed and any number of workers.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from coderl.distributed.cluster import actor_options, connect, disconnect, require_ray
from coderl.distributed.episode_worker import EpisodeWorker
from coderl.distributed.learner_worker import LearnerWorker
from coderl.distributed.rollout_worker import RolloutWorker
from coderl.distributed.weight_sync import StatelessGroup, free_port, layout_of, send
from coderl.rollout.engine import Generation, SamplingParams, pad_id_of
from coderl.rollout.loop import episode_tasks, failed_trajectory
from coderl.rollout.protocol import ChatFormat
from coderl.rollout.trajectory import Trajectory
from coderl.task import Task
from coderl.train.checkpoint import save_checkpoint
from coderl.train.config import TrainConfig
from coderl.train.trainer import Trainer, engine_options, seed_of

__all__ = ["ClusterEngine", "RayTrainer", "train_on_ray"]


class ClusterEngine:
    """The trainer's view of the rollout workers: the policy's tokenizer, and weight sync to every worker over a
    stateless group hosted here (rank 0). A worker that Ray restarted (it died) has left the group: the next sync
    forms a new group with every worker first, so the restarted one gets the current weights too."""

    def __init__(self, workers: list[Any], tokenizer: Any, bucket_mb: float = 64.0) -> None:
        self.workers = workers
        self.tokenizer = tokenizer
        self.pad_id = pad_id_of(tokenizer)
        self.bucket_mb = bucket_mb
        self.version = 0
        self.groups_formed = 0
        self.group: StatelessGroup | None = None
        self.last_sync: dict[str, float] = {}
        self.form_group()

    def form_group(self) -> None:
        """A new weight-sync group of this process (rank 0) and every worker (ranks 1..N), on a fresh port."""
        ray = require_ray()
        if self.group is not None:
            self.group.close()
        self.groups_formed += 1
        host, port, world = ray.util.get_node_ip_address(), free_port(), len(self.workers) + 1
        joined = [w.join.remote(host, port, i + 1, world, self.groups_formed) for i, w in enumerate(self.workers)]
        self.group = StatelessGroup(host, port, 0, world)
        ray.get(joined)

    def _members(self, attempts: int = 120) -> list[int]:
        """The group each worker is in now (0: none, after a restart), waiting out a restart in progress."""
        ray = require_ray()
        from ray.exceptions import ActorUnavailableError

        for attempt in range(attempts):
            try:
                return list(ray.get([w.group_id.remote() for w in self.workers]))
            except ActorUnavailableError:  # a worker is restarting: its process is coming back
                time.sleep(min(0.1 * (attempt + 1), 2.0))
        raise RuntimeError("a rollout worker did not come back from its restart")

    async def generate(self, prompts: Any, params: SamplingParams) -> list[Generation]:
        """On the first rollout worker (the controller itself never plays episodes)."""
        result: list[Generation] = await self.workers[0].generate.remote([list(p) for p in prompts], params)
        return result

    def update_weights(self, state_dict: Mapping[str, Any]) -> None:
        """Broadcast the weights to every rollout worker over the stateless group (waits until all loaded them)."""
        ray = require_ray()
        t0 = time.perf_counter()
        if any(member != self.groups_formed for member in self._members()):
            self.form_group()  # a worker was restarted: it is in no group
        assert self.group is not None
        layout = layout_of(state_dict, self.bucket_mb)
        self.version += 1
        pending = [w.receive.remote(layout, self.version) for w in self.workers]
        stats = send(self.group, state_dict, layout)
        ray.get(pending)
        self.last_sync = {**stats, "sync_total_s": time.perf_counter() - t0}

    def sleep(self) -> None:
        """Nothing: the engines are in their own processes."""

    def wake_up(self) -> None:
        """Nothing (see :meth:`sleep`)."""

    def close(self) -> None:
        """Close the workers' engines, kill the actors, drop the group."""
        ray = require_ray()
        for worker in self.workers:
            with contextlib.suppress(Exception):  # a dead worker has nothing left to close
                ray.get(worker.close.remote(), timeout=60)
            ray.kill(worker)
        if self.group is not None:
            self.group.close()
            self.group = None
        self.workers = []


class RayTrainer(Trainer):
    """The trainer with rollouts on episode and rollout workers (see the module's docstring)."""

    def __init__(self, config: TrainConfig, *, resume: bool = False, console: Any = None) -> None:
        super().__init__(config, resume=resume, console=console)
        self.run_name = f"coderl-{time.strftime('%H%M%S')}-{id(self) % 10000:04d}"
        self.episode_workers: list[Any] = []
        self.learner_workers: list[Any] = []
        self.state_file: Path | None = None

    # -- learner ranks --------------------------------------------------------------------------------------------

    def _starting_point(self) -> dict[str, Any]:
        state = super()._starting_point()
        self.state_file = self.policy_path.parent / "state.pt" if state else None  # ckpt-N/policy -> ckpt-N
        return state

    def _load_models(self, state: dict[str, Any]) -> None:
        """The controller's models (its policy is what the weight sync sends and a checkpoint saves), and with
        ``[cluster] learners`` > 1 the learner ranks, started on the same policy (and resumed state)."""
        super()._load_models(state)
        if self.config.cluster.learners > 1:
            self.learner_workers = self._start_learners()

    def _start_learners(self) -> list[Any]:
        ray = require_ray()
        config, world = self.config, self.config.cluster.learners
        if self.device.type != "cpu":
            raise RuntimeError(
                f"[cluster] learners = {world} on {self.device}: learner ranks run on CPU (gloo) only so far; "
                "use learners = 1 on a GPU"
            )
        critic = None if config.model.critic == "policy" else str(Path(config.model.critic).resolve())
        remote = ray.remote(LearnerWorker)
        workers = [
            remote.options(**actor_options("learner", name=f"{self.run_name}/learner-{rank}")).remote(
                rank,
                world,
                None,
                None,
                str(self.policy_path.resolve()),
                config.ppo,
                threads=config.run.threads,
                critic=critic,
                state=str(self.state_file.resolve()) if self.state_file else None,
                reference=bool(config.model.reference),
            )
            for rank in range(world)
        ]
        try:
            master, port = ray.get(workers[0].rendezvous.remote())
            ray.get([w.start.remote(master, port) for w in workers], timeout=900)
        except BaseException:
            self._stop_learners(workers)
            raise
        return workers

    @staticmethod
    def _stop_learners(workers: list[Any]) -> None:
        ray = require_ray()
        for worker in workers:
            with contextlib.suppress(Exception):  # a dead rank has nothing left to close
                ray.get(worker.close.remote(), timeout=60)
            ray.kill(worker, no_restart=True)

    def experience(self, trajectories: list[Trajectory]) -> Any:
        """Locally as the trainer does; with learner ranks the trajectories themselves (each rank builds the
        experience in the update phase)."""
        return trajectories if self.learner_workers else super().experience(trajectories)

    def update(self, batch: Any, index: int) -> dict[str, float]:
        """Locally, or on the learner ranks (experience and PPO epochs, the same minibatch seed on every rank),
        after which the controller's policy takes rank 0's full weights (for the sync and checkpoints)."""
        if not self.learner_workers:
            return super().update(batch, index)
        ray = require_ray()
        assert self.engine is not None
        trajectories = ray.put(list(batch))
        calls = [
            w.update.remote(
                trajectories,
                pad_id=self.engine.pad_id,
                advantage=self.experience_options(),
                seed=seed_of(self.config.run.seed, "minibatches", index),
                train_policy=not self.critic_only(index),
                recompute=self.config.ppo.old_logprobs == "recompute",
            )
            for w in self.learner_workers
        ]
        stats: list[dict[str, float]] = ray.get(calls)
        states = ray.get([w.policy_state.remote(everywhere=False) for w in self.learner_workers])
        self.policy.load_state_dict(states[0])
        return stats[0]

    def checkpoint(self, index: int) -> Path:
        """Locally, or with the critic and optimizer states gathered whole from the learner ranks."""
        if not self.learner_workers:
            return super().checkpoint(index)
        ray = require_ray()
        saved = ray.get([w.training_state.remote() for w in self.learner_workers])[0]
        assert self.critic is not None
        self.critic.load_state_dict(saved["critic"])  # the controller's copy, kept current
        return save_checkpoint(
            self.out,
            index,
            policy=self.policy,
            tokenizer=self.tokenizer,
            state={**saved, "config": self.config.to_dict()},
        )

    async def close(self) -> None:
        """The trainer's close, and the learner ranks stopped."""
        try:
            await super().close()
        finally:
            if self.learner_workers:
                self._stop_learners(self.learner_workers)
                self.learner_workers = []

    # -- rollout workers and weight sync ------------------------------------------------------------------------

    def make_engine(self) -> ClusterEngine:  # type: ignore[override]
        """Start the rollout workers on the run's starting policy and join them into the weight-sync group."""
        ray = require_ray()
        config = self.config
        gpu = self.device.type == "cuda"
        options = engine_options(config, self.device)
        if not gpu:
            options.pop("device", None)
        remote = ray.remote(RolloutWorker)
        workers = [
            remote.options(**actor_options("rollout", gpu=gpu, name=f"{self.run_name}/rollout-{i}")).remote(
                config.engine,
                str(self.policy_path.resolve()),
                seed=config.run.seed,
                options=options,
                threads=config.run.threads,
            )
            for i in range(config.cluster.rollout_workers)
        ]
        return ClusterEngine(workers, self.tokenizer)

    def sync(self) -> dict[str, float]:
        """The local trainer's sync (a broadcast to the rollout workers), plus how long the broadcast took."""
        out = super().sync()
        engine = self.engine
        if isinstance(engine, ClusterEngine):
            out.update({k: v for k, v in engine.last_sync.items() if k != "sync_mb"})
        return out

    # -- episode workers ------------------------------------------------------------------------------------------

    @asynccontextmanager
    async def sandboxes(self) -> AsyncIterator[Any]:  # type: ignore[override]
        """Start the episode workers (their pools start with them) and stop them on exit (containers removed)."""
        ray = require_ray()
        engine = self.engine
        if not isinstance(engine, ClusterEngine):
            raise RuntimeError("RayTrainer.sandboxes: call setup() first")
        config = self.config
        remote = ray.remote(EpisodeWorker)
        self.episode_workers = [
            remote.options(**actor_options("episode", name=f"{self.run_name}/episode-{i}")).remote(
                name=f"episode-{i}",
                policy=str(self.policy_path.resolve()),
                rollout_workers=engine.workers,
                sandbox=config.sandbox,
                sandboxes=config.cluster.sandboxes_per_worker,
                guard=config.guard,
                judge=config.judge,
                audit=str((self.out / "audit" / f"episode-{i}.jsonl").resolve()),
                seed=config.run.seed,
                max_batch=config.rollout.max_batch,
            )
            for i in range(config.cluster.episode_workers)
        ]
        try:
            started = await asyncio.gather(*(w.start.remote() for w in self.episode_workers))
            await self._record_placement(list(started), engine)
            yield self.episode_workers
        finally:
            await self._stop_episode_workers()

    async def _record_placement(self, episode: list[dict[str, Any]], engine: ClusterEngine) -> None:
        """Append where this run's actors were placed (role, node, pid) to ``out_dir/cluster.jsonl``: one line per
        start of the run (a resumed run adds its own), for debugging and for finding what a dead run left."""
        rollout = await asyncio.gather(*(w.where.remote() for w in engine.workers))
        learners = await asyncio.gather(*(w.where.remote() for w in self.learner_workers))
        line = {"run": self.run_name, "time": time.time(), "actors": [*episode, *rollout, *learners]}
        with (self.out / "cluster.jsonl").open("a", encoding="utf-8") as f:
            f.write(json.dumps(line, default=str) + "\n")

    async def _stop_episode_workers(self) -> None:
        ray = require_ray()
        for worker in self.episode_workers:
            with contextlib.suppress(Exception):  # a dead worker's containers go when the next pool starts
                await asyncio.wait_for(asyncio.wrap_future(worker.close.remote().future()), 120)
            ray.kill(worker, no_restart=True)
        self.episode_workers = []

    # -- the rollout phase ----------------------------------------------------------------------------------------

    async def rollout(self, index: int) -> list[Trajectory]:
        """The iteration's episodes on the episode workers, trajectories written as they return, in index order."""
        if not self.episode_workers:
            raise RuntimeError("RayTrainer.rollout: open the sandboxes first (async with trainer.sandboxes())")
        batch_tasks, rollout_config = self.plan(index)
        chosen = episode_tasks(batch_tasks, len(batch_tasks), rollout_config.seed)
        fmt = ChatFormat(self.tokenizer, rollout_config.system_prompt, rollout_config.tool_format)
        queue = list(range(len(chosen)))
        retries = dict.fromkeys(queue, self.config.cluster.retry_lost_episodes)
        done: list[Trajectory] = []
        live = await self.ready_workers()
        dead = {w for w in range(len(self.episode_workers)) if w not in live}
        with self.trajectory_writer(index, rollout_config) as writer:

            def finished(traj: Trajectory) -> None:
                writer.write(traj)
                done.append(traj)

            async def drive(worker_index: int) -> None:
                worker = self.episode_workers[worker_index]
                while queue and worker_index not in dead:
                    i = queue.pop(0)
                    episode_id = f"it{index}-{i}"
                    call = worker.run_episode.remote(chosen[i], episode_id, i, rollout_config)
                    self.dispatched(worker_index, i)
                    try:
                        finished(await call)
                    except Exception as exc:  # the worker died (RayActorError) or the call failed
                        # this worker takes no more episodes this iteration; the live ones take the rest
                        dead.add(worker_index)
                        if retries[i] > 0 and len(dead) < len(self.episode_workers):
                            retries[i] -= 1
                            queue.insert(0, i)  # played again, first, on a live worker
                            continue
                        note = f"episode worker {worker_index} failed: {type(exc).__name__}: {exc}"[:500]
                        finished(failed_trajectory(chosen[i], episode_id, fmt, "sandbox_error", note))

            slots = rollout_config.concurrency
            while queue and len(dead) < len(self.episode_workers):  # a retried episode may outlast the drivers
                await asyncio.gather(*(drive(w) for w in range(len(self.episode_workers)) for _ in range(slots)))
            for i in queue:  # every worker died: what is left is recorded, never dropped
                finished(failed_trajectory(chosen[i], f"it{index}-{i}", fmt, "sandbox_error", "no live episode worker"))
        done.sort(key=lambda t: int(t.episode_id.rsplit("-", 1)[1]))
        return done

    async def ready_workers(self, attempts: int = 60) -> list[int]:
        """The episode workers able to play, each started (a restarted one starts its pool now, which removes the
        containers its killed predecessor left); a worker still restarting is waited for with a growing pause,
        one that is gone for good (or not back after ``attempts``) sits this iteration out."""
        require_ray()
        from ray.exceptions import ActorUnavailableError, RayActorError

        async def ready(worker: Any) -> bool:
            for attempt in range(attempts):
                try:
                    await worker.start.remote()
                    return True
                except ActorUnavailableError:  # restarting: its process is coming back
                    await asyncio.sleep(min(0.1 * (attempt + 1), 2.0))
                except RayActorError:
                    return False
            return False

        flags = await asyncio.gather(*(ready(w) for w in self.episode_workers))
        return [i for i, ok in enumerate(flags) if ok]

    def dispatched(self, worker: int, episode: int) -> None:
        """Called once episode ``episode`` is handed to episode worker ``worker`` (a hook for tests and tracing)."""

    def task_of(self, index: int, episode: int) -> Task:
        """The task of one episode of iteration ``index`` (what :meth:`rollout` sends)."""
        batch_tasks, rollout_config = self.plan(index)
        return episode_tasks(batch_tasks, len(batch_tasks), rollout_config.seed)[episode]


def train_on_ray(config: TrainConfig, *, resume: bool = False, console: Any = None) -> dict[str, Any]:
    """``coderl train`` with ``[cluster] backend = "ray"``: join or start the cluster, train, and always leave
    (a cluster started here is shut down, on an error, Ctrl-C or SIGTERM too)."""
    cluster = connect(config.cluster)
    try:
        if console is not None:
            console.print(f"ray cluster at {cluster.address} ({'started' if cluster.started else 'joined'})")
        summary = asyncio.run(RayTrainer(config, resume=resume, console=console).run())
        summary["cluster"] = json.loads(json.dumps({"address": cluster.address, "started": cluster.started}))
        return summary
    finally:
        disconnect(cluster)
