"""``coderl rollout`` (write finished trajectories of N episodes) and ``coderl init-model`` (a tiny policy)."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from coderl.exitcodes import BAD_INPUT, OK, UsageError
from coderl.task import TaskError, load_tasks, suite_image
from coderl.train.config import RolloutSection
from coderl.train.flags import add_flags

if TYPE_CHECKING:
    from coderl.rollout.loop import RolloutConfig


def make_engine(kind: str, model: str | Path) -> Any:
    """The rollout engine by name (:func:`coderl.rollout.engine.make_engine`); a missing package is a UsageError."""
    from coderl.rollout.engine import EngineUnavailable, check_engine
    from coderl.rollout.engine import make_engine as start_engine

    try:
        check_engine(kind)
    except (ValueError, EngineUnavailable) as exc:  # an unknown name, or its package is not installed
        raise UsageError(str(exc)) from exc
    return start_engine(kind, model)


# [rollout] keys that are also flags of ``coderl rollout``: type, default and range from RolloutSection
ROLLOUT_FLAGS = (
    "max_turns",
    "max_new_tokens",
    "max_total_tokens",
    "temperature",
    "top_p",
    "concurrency",
    "seed",
    "tool_format",
)
_FLAG_HELP = {
    "max_turns": "turns per episode",
    "max_new_tokens": "tokens per turn",
    "max_total_tokens": "tokens per episode, prompt included (the default shrinks to the model's context)",
    "temperature": "sampling temperature (0: greedy)",
    "top_p": "nucleus sampling",
    "concurrency": "episodes in flight",
    "seed": "sampling seed",
    "tool_format": "how the model writes tool calls (hermes: Qwen2.5/Qwen3 instruct <tool_call> blocks)",
}
MAX_EPISODES = 1_000_000


def _bad(message: str) -> int:
    for line in message.splitlines():
        print(f"coderl rollout: {line}", file=sys.stderr)
    return BAD_INPUT


def _checked(args: argparse.Namespace) -> RolloutConfig:
    """The rollout settings from the flags, checked against the config model and the model's context before
    anything loads; a ``UsageError`` lists every bad flag, one a line."""
    from coderl.rollout.loop import RolloutConfig
    from coderl.train.config import check_model_dir, check_writable_dir, fit_context
    from coderl.train.flags import flag_message, from_flags

    problems = []
    if not 1 <= args.episodes <= MAX_EPISODES:
        problems.append(f"--episodes: must be in [1, {MAX_EPISODES}], got {args.episodes}")
    if not 1 <= args.sandboxes <= 256:
        problems.append(f"--sandboxes: must be in [1, 256], got {args.sandboxes}")
    for flag, check, value in (
        ("--model", check_model_dir, args.model),
        ("--out", check_writable_dir, str(Path(args.out).parent)),
    ):
        try:
            check(value)
        except ValueError as exc:
            problems.append(f"{flag}: {exc}")
    if Path(args.out).is_dir():
        problems.append(f"--out: {args.out!r} is a directory; the trajectories go to a JSONL file")
    if not Path(args.tasks).is_dir():
        problems.append(f"--tasks: {args.tasks!r} is not a directory (a task, or a directory of tasks)")
    if args.audit and Path(args.audit).is_dir():
        problems.append(f"--audit: {args.audit!r} is a directory; intercepts go to a JSONL file")
    try:
        section = from_flags(RolloutSection, args, ROLLOUT_FLAGS)
        if not problems:
            section = fit_context(section, args.model)
    except ValueError as exc:
        problems.extend(flag_message(line) for line in str(exc).splitlines())
    if not problems and section.tool_format != "coderl":  # a format whose tools go through the template
        from coderl.rollout.protocol import TemplateMismatch, check_tool_format

        try:
            check_tool_format(args.model, section.tool_format, section.system_prompt)
        except TemplateMismatch as exc:
            problems.append(f"--tool-format: {section.tool_format}: {exc}")
    if problems:
        raise UsageError("\n".join(problems))
    return RolloutConfig(**section.model_dump(exclude=set(RolloutSection.trainer_keys)))


async def _rollout(args: argparse.Namespace, config: RolloutConfig) -> dict[str, Any]:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from coderl.grade.grader import Grader
    from coderl.guard.guarded import AuditLog, Guard
    from coderl.rollout.loop import run_rollouts, summarize
    from coderl.rollout.trajectory import TrajectoryWriter, config_hash
    from coderl.sandbox.config import SandboxConfig
    from coderl.sandbox.podman import PodmanEngine
    from coderl.sandbox.pool import SandboxPool

    tasks = load_tasks(args.tasks)
    image = suite_image(tasks, SandboxConfig().image)  # the tasks' environment image, when they declare one
    PodmanEngine(SandboxConfig())  # podman and its sandbox user present (a one-line EngineError if not)
    engine = make_engine(args.engine, args.model)
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

        async with SandboxPool(SandboxConfig(image=image), size=args.sandboxes) as pool:
            provenance = {
                "tokenizer": engine.tokenizer,
                "model": args.model,
                "config_hash": config_hash({"engine": args.engine, "rollout": config}),
                "seed": config.seed,
            }
            with TrajectoryWriter(args.out, **provenance) as writer:
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
    """Check every flag, then run the episodes; 2 for bad input, 3 when Podman or a sandbox fails."""
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        config = _checked(args)
        summary = asyncio.run(_rollout(args, config))
    except (UsageError, TaskError) as exc:
        return _bad(str(exc))
    print(json.dumps(summary, indent=2))
    return OK


def run_init_model(args: argparse.Namespace) -> int:
    """Write the tiny policy (or, with ``--like``, a Qwen2.5-instruct-shaped checkpoint); an existing directory is
    kept unless ``--overwrite``."""
    import shutil

    out = Path(args.out_dir)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        if not args.overwrite:
            what = "a model directory" if (out / "config.json").exists() else "not empty"
            return _bad_init(f"{out} exists ({what}); pass --overwrite to replace it, or choose another directory")
        if not (out / "config.json").is_file():
            return _bad_init(f"{out} is not a model directory (no config.json): not overwriting it")
        shutil.rmtree(out)
    from coderl.rollout.tiny_model import build_qwen_policy, build_tiny_policy

    if args.like == "tiny":
        path = build_tiny_policy(out, seed=args.seed)
        print(f"wrote a tiny policy (config-built Qwen2 + a locally trained tokenizer with a chat template) to {path}")
        return OK
    size = "0.5b" if args.like.endswith("0.5b") else "tiny"
    path = build_qwen_policy(out, size=size, seed=args.seed)
    print(
        f"wrote a random-weight checkpoint laid out like Qwen2.5 instruct ({size} sizes; its template takes tools: "
        f'[rollout] tool_format = "hermes") to {path}'
    )
    return OK


def _bad_init(message: str) -> int:
    print(f"coderl init-model: {message}", file=sys.stderr)
    return BAD_INPUT


def register(sub: argparse._SubParsersAction) -> None:
    rollout = sub.add_parser("rollout", help="run N episodes and write the finished trajectories (JSONL)")
    rollout.add_argument("--tasks", required=True, help="a task directory or a directory of tasks")
    rollout.add_argument("--model", required=True, help="a local model directory (see `coderl init-model`)")
    rollout.add_argument("--engine", choices=("hf", "vllm"), default="hf")
    rollout.add_argument("--episodes", type=int, default=8, metavar="N", help="episodes to run (default: 8)")
    rollout.add_argument("--out", required=True, help="JSONL file the trajectories are appended to")
    rollout.add_argument("--sandboxes", type=int, default=4, metavar="N", help="warm sandboxes in the pool")
    add_flags(rollout, RolloutSection, ROLLOUT_FLAGS, **_FLAG_HELP)
    rollout.add_argument("--audit", default=None, metavar="LOG", help="append intercepted actions to this log")
    rollout.set_defaults(func=run_rollout)
    init = sub.add_parser("init-model", help="write a tiny policy built from a config (no download)")
    init.add_argument("out_dir")
    init.add_argument("--seed", type=int, default=0)
    init.add_argument(
        "--like",
        choices=("tiny", "qwen2.5", "qwen2.5-0.5b"),
        default="tiny",
        help="tiny: the coderl tiny policy (plain ChatML); qwen2.5: laid out like Qwen2.5 instruct (its tokens, a "
        "template with tools for tool_format hermes) at tiny sizes; qwen2.5-0.5b: the same at Qwen2.5-0.5B's "
        "sizes (random weights, about 1 GB)",
    )
    init.add_argument("--overwrite", action="store_true", help="replace an existing model directory")
    init.set_defaults(func=run_init_model)
