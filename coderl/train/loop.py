"""The training loop: rollouts → experience → PPO update → weight sync, for N iterations.

Every iteration's metrics go to ``metrics.jsonl`` and TensorBoard, with a live display in the terminal;
each iteration's trajectories to ``trajectories/iter-N.jsonl``; a checkpoint is written atomically
every ``checkpoint_every`` iterations, and ``resume=True`` continues from the latest one with no lost
or repeated iteration (anything logged after that checkpoint is dropped and redone). Each iteration
seeds the RNGs from (seed, iteration), so with one episode in flight a resumed run repeats exactly
what the uninterrupted run would have done.
"""

from __future__ import annotations

import asyncio
import copy
import hashlib
import json
import logging
import random
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import torch

from coderl.grade.grader import Grader
from coderl.guard.guarded import AuditLog, Guard
from coderl.learner.critic import Critic
from coderl.learner.experience import make_experience
from coderl.learner.ppo import PPOLearner
from coderl.rollout.hf_engine import HFEngine
from coderl.rollout.loop import run_rollouts, summarize
from coderl.rollout.protocol import ChatFormat
from coderl.rollout.trajectory import Trajectory, TrajectoryWriter
from coderl.sandbox.pool import SandboxPool
from coderl.task import Task, load_tasks
from coderl.train.checkpoint import latest_checkpoint, load_state, save_checkpoint
from coderl.train.config import TrainConfig
from coderl.train.sft import reference_example, supervised_warm_start

__all__ = ["iteration_metrics", "plot_run", "summarize_run", "train"]

log = logging.getLogger("coderl.train")


def _seed(*parts: object) -> int:
    return int.from_bytes(hashlib.sha256(repr(parts).encode()).digest()[:4], "big")


def _tasks(config: TrainConfig) -> list[Task]:
    if config.tasks.dir:
        return load_tasks(config.tasks.dir)
    from coderl.suites.generator import generate_tasks

    root = config.out_dir / "tasks"
    if not (root.is_dir() and any(root.iterdir())):
        generate_tasks(
            root, config.tasks.generate_n, seed=config.tasks.generate_seed, family=config.tasks.generate_family
        )
    return load_tasks(root)


def _tasks_for(tasks: list[Task], count: int, iteration: int, seed: int) -> list[Task]:
    """The tasks of one iteration: passes over the suite in a seeded shuffled order, so that every task
    comes up equally often (and a suite of ``count`` tasks is seen whole every iteration)."""
    chosen = []
    for k in range(iteration * count, (iteration + 1) * count):
        epoch, index = divmod(k, len(tasks))
        order = list(range(len(tasks)))
        random.Random(_seed(seed, "epoch", epoch)).shuffle(order)
        chosen.append(tasks[order[index]])
    return chosen


def _initial_policy(config: TrainConfig, tasks: list[Task], console: Any) -> Path:
    """The policy the run starts from: the configured checkpoint, or a tiny one, warm-started if asked."""
    base = Path(config.model.policy)
    if config.model.policy == "tiny":
        from coderl.rollout.tiny_model import build_tiny_policy

        base = build_tiny_policy(config.out_dir / "policy-init", seed=config.run.seed)
    if config.sft.steps <= 0:
        return base
    from transformers import AutoModelForCausalLM, AutoTokenizer

    from coderl.suites.generator import reference_solution

    tokenizer = AutoTokenizer.from_pretrained(str(base))
    model = AutoModelForCausalLM.from_pretrained(str(base))
    fmt = ChatFormat(tokenizer, config.rollout.system_prompt)
    examples = []
    for task in tasks:
        try:
            examples.append(reference_example(fmt, task, reference_solution(task.root)))
        except (OSError, KeyError, ValueError):
            continue
    torch.manual_seed(_seed(config.run.seed, "sft"))
    losses = supervised_warm_start(
        model,
        examples,
        steps=config.sft.steps,
        lr=config.sft.lr,
        batch_size=config.sft.batch_size,
        pad_id=int(tokenizer.pad_token_id or 0),
        seed=config.run.seed,
    )
    out = config.out_dir / "policy-sft"
    model.save_pretrained(out)
    tokenizer.save_pretrained(out)
    (out / "sft_losses.json").write_text(json.dumps(losses))
    return out


def iteration_metrics(trajs: list[Trajectory], update: dict[str, float], phases: dict[str, float]) -> dict[str, Any]:
    """What one iteration logs: reward, pass rate, intercepts per category, lengths, losses, speed, phases."""
    s = summarize(trajs)
    n = max(len(trajs), 1)
    categories: Counter[str] = Counter(c for t in trajs for i in t.marks.get("intercepts", []) for c in i["categories"])
    generated = s["generated_tokens"]
    mean = s["mean_reward"]
    return {
        "episodes": len(trajs),
        "reward": mean,
        "reward_var": sum((t.reward - mean) ** 2 for t in trajs) / n,
        "pass_rate": s["pass_rate"],
        "intercept_rate": sum(1 for t in trajs if t.marks.get("marked")) / n,
        "intercepts_by_category": {k: v / n for k, v in categories.items()},
        "response_tokens": generated / n,
        "episode_tokens": s["total_tokens"] / n,
        "turns": s["mean_turns"],
        "parse_errors": s["parse_errors"] / n,
        "finish": s["finish"],
        **{k: v for k, v in update.items()},
        "rollout_tokens_per_s": generated / max(phases.get("rollout_s", 0.0), 1e-9),
        "learner_tokens_per_s": generated / max(phases.get("update_s", 0.0), 1e-9),
        **phases,
    }


def plot_run(metrics: list[dict[str, Any]], path: Path) -> None:
    """Reward and value-loss curves over iterations (PNG)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    its = [m["iteration"] for m in metrics]
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 3.6))
    ax1.plot(its, [m["reward"] for m in metrics], marker="o", label="mean reward")
    ax1.plot(its, [m["pass_rate"] for m in metrics], linestyle="--", label="pass rate (hidden tests)")
    ax1.set_xlabel("iteration")
    ax1.set_ylim(-0.05, 1.05)
    ax1.legend()
    ax1.set_title("reward")
    ax2.plot(its, [m.get("value_loss", float("nan")) for m in metrics], marker="o", color="tab:red")
    ax2.set_xlabel("iteration")
    ax2.set_title("value loss")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _truncate_log(path: Path, last_iteration: int) -> list[dict[str, Any]]:
    """Keep the metrics of iterations up to ``last_iteration`` (those a checkpoint covers)."""
    if not path.exists():
        return []
    kept = []
    for line in path.read_text().splitlines():
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            break
        if record.get("iteration", 1 << 30) <= last_iteration:
            kept.append(record)
    path.write_text("".join(json.dumps(r) + "\n" for r in kept))
    return kept


def summarize_run(metrics: list[dict[str, Any]]) -> dict[str, Any]:
    """The run in a few numbers: mean reward of the first and last fifth of the iterations, the rise and
    its standard error (each iteration's reward is a mean over its episodes, binomial-like for pass/fail
    rewards), and whether the rise is clear (more than two standard errors)."""
    rewards = [m["reward"] for m in metrics]
    fifth = max(1, len(rewards) // 5)
    first, last = metrics[:fifth], metrics[-fifth:]

    def mean_and_var(part: list[dict[str, Any]]) -> tuple[float, float]:
        """Pooled mean over the part's episodes and the variance of that mean."""
        if not part:
            return 0.0, 0.0
        sizes = [max(int(m.get("episodes", 1)), 1) for m in part]
        total = sum(sizes)
        mean = sum(m["reward"] * n for m, n in zip(part, sizes, strict=True)) / total
        spread = sum(
            n * m.get("reward_var", max(m["reward"] * (1.0 - m["reward"]), 0.0))
            for m, n in zip(part, sizes, strict=True)
        )
        return mean, spread / total**2

    first_mean, first_var = mean_and_var(first)
    last_mean, last_var = mean_and_var(last)
    stderr = (first_var + last_var) ** 0.5
    rise = last_mean - first_mean
    return {
        "iterations": len(rewards),
        "reward_first_fifth": first_mean,
        "reward_last_fifth": last_mean,
        "reward_rise": rise,
        "reward_rise_stderr": stderr,
        "clear_rise": bool(len(rewards) >= 2 and rise > 2.0 * stderr),
        "best_reward": max(rewards, default=0.0),
        "total_time_s": sum(m.get("iteration_s", 0.0) for m in metrics),
    }


async def _train(config: TrainConfig, resume: bool, console: Any) -> dict[str, Any]:
    from transformers import AutoModelForCausalLM, AutoTokenizer

    out = config.out_dir
    out.mkdir(parents=True, exist_ok=True)
    if config.run.threads:
        torch.set_num_threads(config.run.threads)
    tasks = _tasks(config)
    checkpoint = latest_checkpoint(out) if resume else None
    if checkpoint is not None:
        policy_path = checkpoint / "policy"
        state = load_state(checkpoint)
        start = int(state["iteration"]) + 1
        console.print(f"resuming from {checkpoint.name}: next iteration {start}")
    else:
        if resume:
            console.print("no checkpoint to resume from: starting fresh")
        (out / "metrics.jsonl").unlink(missing_ok=True)
        policy_path = _initial_policy(config, tasks, console)
        state, start = {}, 0
    (out / "config.json").write_text(json.dumps(config.to_dict(), indent=2, default=str))
    tokenizer = AutoTokenizer.from_pretrained(str(policy_path))
    policy = AutoModelForCausalLM.from_pretrained(str(policy_path))
    critic_source = policy_path if config.model.critic == "policy" else Path(config.model.critic)
    critic = Critic.from_pretrained(critic_source)
    reference = copy.deepcopy(policy).eval() if config.model.reference else None
    learner = PPOLearner(policy, critic, config.ppo, reference)
    if state:
        critic.load_state_dict(state["critic"])
        learner.policy_opt.load_state_dict(state["policy_opt"])
        learner.critic_opt.load_state_dict(state["critic_opt"])
    engine = HFEngine(copy.deepcopy(policy).eval(), tokenizer)
    history = _truncate_log(out / "metrics.jsonl", start - 1)
    (out / "trajectories").mkdir(exist_ok=True)
    for old in (out / "trajectories").glob("iter-*.jsonl"):
        if int(old.stem.split("-")[1]) >= start:
            old.unlink()
    tb = None
    try:
        from torch.utils.tensorboard import SummaryWriter

        tb = SummaryWriter(str(out / "tensorboard"), purge_step=start)
    except ImportError:
        log.warning("tensorboard is not installed: metrics go to metrics.jsonl only")
    judge = None
    if config.judge is not None:
        from coderl.guard.judge import make_judge

        judge = make_judge(config.judge, seed=config.run.seed)
    guard = Guard(judge=judge, config=config.guard, audit=AuditLog(out / "audit.jsonl"))
    per_iteration = config.run.episodes_per_iteration // config.run.group_size
    async with SandboxPool(config.sandbox, size=config.run.sandboxes) as pool:
        grader = Grader(pool)
        for it in range(start, config.run.iterations):
            t_it = time.perf_counter()
            torch.manual_seed(_seed(config.run.seed, "iteration", it))
            chosen = _tasks_for(tasks, per_iteration, it, config.run.seed)
            batch_tasks = [t for t in chosen for _ in range(config.run.group_size)]
            rollout_config = replace(config.rollout, seed=_seed(config.run.seed, "rollout", it))
            t0 = time.perf_counter()
            with TrajectoryWriter(out / "trajectories" / f"iter-{it:05d}.jsonl") as writer:
                trajs = await run_rollouts(
                    batch_tasks,
                    len(batch_tasks),
                    engine=engine,
                    pool=pool,
                    guard=guard,
                    grader=grader,
                    config=rollout_config,
                    writer=writer,
                    id_prefix=f"it{it}",
                )
            trajs.sort(key=lambda t: int(t.episode_id.rsplit("-", 1)[1]))
            phases = {"rollout_s": time.perf_counter() - t0}
            t0 = time.perf_counter()
            adv = config.advantage
            batch = make_experience(
                trajs,
                critic,
                pad_id=engine.pad_id,
                estimator=adv.estimator,
                gamma=adv.gamma,
                lam=adv.lam,
                lam_critic=adv.lam_critic,
                lam_alpha=adv.lam_alpha or None,
                whiten=adv.whiten,
                policy=policy if config.ppo.old_logprobs == "recompute" else None,
                temperature=config.ppo.temperature,
            )
            phases["experience_s"] = time.perf_counter() - t0
            t0 = time.perf_counter()
            critic_only = it < config.run.value_pretrain_iterations
            generator = torch.Generator().manual_seed(_seed(config.run.seed, "minibatches", it))
            update = learner.update(batch, train_policy=not critic_only, generator=generator)
            phases["update_s"] = time.perf_counter() - t0
            t0 = time.perf_counter()
            engine.update_weights(policy.state_dict())
            phases["sync_s"] = time.perf_counter() - t0
            phases["iteration_s"] = time.perf_counter() - t_it
            record = {"iteration": it, "critic_only": critic_only, **iteration_metrics(trajs, update, phases)}
            history.append(record)
            with (out / "metrics.jsonl").open("a") as f:
                f.write(json.dumps(record) + "\n")
            if tb is not None:
                for key, value in record.items():
                    if isinstance(value, (int, float)) and not isinstance(value, bool):
                        tb.add_scalar(key, value, it)
                tb.flush()
            console.print(
                f"iter {it:3d}  reward {record['reward']:.2f}  pass {record['pass_rate']:.2f}  "
                f"value_loss {record.get('value_loss', 0):.4f}  entropy {record.get('entropy', 0):.2f}  "
                f"clip {record.get('clip_fraction', 0):.2f}  intercepts {record['intercept_rate']:.2f}  "
                f"{phases['iteration_s']:.1f}s (rollout {phases['rollout_s']:.1f}, update {phases['update_s']:.1f}, "
                f"sync {phases['sync_s'] * 1e3:.0f} ms)" + ("  [critic only]" if critic_only else "")
            )
            if (it + 1) % config.run.checkpoint_every == 0 or it == config.run.iterations - 1:
                save_checkpoint(
                    out,
                    it,
                    policy=policy,
                    tokenizer=tokenizer,
                    state={
                        "critic": critic.state_dict(),
                        "policy_opt": learner.policy_opt.state_dict(),
                        "critic_opt": learner.critic_opt.state_dict(),
                        "config": config.to_dict(),
                    },
                )
    if tb is not None:
        tb.close()
    if judge is not None:
        await judge.aclose()
    summary = summarize_run(history)
    if history:
        plot_run(history, out / "training.png")
        summary["plot"] = str(out / "training.png")
        verdict = "a clear rise" if summary["clear_rise"] else "not a clear rise (within two standard errors)"
        console.print(
            f"mean reward: first fifth {summary['reward_first_fifth']:.3f} -> last fifth "
            f"{summary['reward_last_fifth']:.3f}, {summary['reward_rise']:+.3f} +- "
            f"{summary['reward_rise_stderr']:.3f}: {verdict}"
        )
    (out / "summary.json").write_text(json.dumps(summary, indent=2))
    return summary


def train(config: TrainConfig, *, resume: bool = False, console: Any = None) -> dict[str, Any]:
    """Run (or resume) training; returns the summary (reward of the first and last fifth, time, plot)."""
    if console is None:
        from rich.console import Console

        console = Console()
    return asyncio.run(_train(config, resume, console))
