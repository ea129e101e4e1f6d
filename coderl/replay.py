"""``coderl replay``: play a file of actions through guarded execution in a real sandbox, then grade.

Users debug tasks and audit suspicious trajectories with it: one JSON line per action (``id``,
``outcome``: executed | decoy | error | submit, ``tool``, ``rules``, ``observation``), then the episode's
final record (reward, finish, grade). It drives the same ``coderl.episode.Episode`` as the rollout loop.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

from coderl.action import Action, ActionError, parse_action_json
from coderl.episode import Episode
from coderl.exitcodes import BAD_INPUT, INFRASTRUCTURE, OK, UsageError
from coderl.grade.grader import Grader, GradingError
from coderl.guard.guarded import AuditLog, Guard
from coderl.guard.judge import make_judge
from coderl.guard.stage1 import Stage1Scanner
from coderl.sandbox.config import SandboxConfig
from coderl.sandbox.podman import EngineError
from coderl.sandbox.pool import SandboxPool
from coderl.sandbox.sandbox import SandboxError
from coderl.task import Task, TaskError, load_task
from coderl.train.flags import add_judge_flags, judge_from_flags

__all__ = ["replay"]


async def replay(task: Task, actions: list[Action | str], guard: Guard, pool: SandboxPool) -> list[dict[str, Any]]:
    """One record per action (a str item is a malformed line), then the episode's final record."""
    records: list[dict[str, Any]] = []
    episode = Episode(task, pool=pool, guard=guard, grader=Grader(pool), episode_id=f"replay-{task.id}")
    async with episode:
        for index, action in enumerate(actions, start=1):
            if isinstance(action, str):
                records.append({"id": str(index), "outcome": "error", "rules": [], "observation": action})
                continue
            step = await episode.step(action)
            records.append({"id": action.id or str(index), **step.record(), "observation": step.observation})
            if episode.done:
                break
        outcome = await episode.finish("actions_done")
    records.append(outcome.record())
    return records


def _read_actions(path: str) -> list[Action | str]:
    """The file's actions, one a line (a malformed line becomes its error text); a binary file is a
    ``UsageError`` naming it."""
    if path == "-":
        text = sys.stdin.read()
    else:
        with open(path, encoding="utf-8", errors="surrogateescape") as stream:
            text = stream.read()
    if "\0" in text:
        raise UsageError(f"{path}: a binary file, not JSONL actions (one JSON object a line)")
    out: list[Action | str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                out.append(parse_action_json(line))
            except ActionError as exc:
                out.append(f"bad action on line {number}: {exc}")
    return out


async def _run(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Check the flags and the task, then play the actions in one sandbox (a ``UsageError`` for a bad flag)."""
    try:
        judge_config, guard_config = judge_from_flags(args)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if args.seed < 0:
        raise UsageError(f"--seed: must be >= 0, got {args.seed}")
    guard_config = dataclasses.replace(guard_config, seed=args.seed)
    if args.audit and Path(args.audit).is_dir():
        raise UsageError(f"--audit: {args.audit} is a directory; the intercepts go to a JSONL file")
    task = load_task(args.task_dir)
    actions = _read_actions(args.actions)
    judge = make_judge(judge_config) if judge_config is not None else None
    audit = AuditLog(args.audit) if args.audit else None
    guard = Guard(Stage1Scanner(), judge, guard_config, audit)
    try:
        base = SandboxConfig(mode=args.mode)
        config = dataclasses.replace(base, image=task.image(base.image))  # a repository task's environment
        async with SandboxPool(config, size=1) as pool:
            return await replay(task, actions, guard, pool)
    finally:
        if judge is not None:
            await judge.aclose()


def run_replay(args: argparse.Namespace) -> int:
    """Replay the actions; 0 when it ran (whatever the reward), 2 bad input, 3 infrastructure failed."""
    try:
        records = asyncio.run(_run(args))
    except UsageError as exc:
        for line in str(exc).splitlines():
            print(f"coderl replay: {line}", file=sys.stderr)
        return BAD_INPUT
    except (TaskError, OSError) as exc:
        print(f"coderl replay: {exc}", file=sys.stderr)
        return BAD_INPUT
    except (GradingError, SandboxError, EngineError) as exc:
        print(f"coderl replay: infrastructure failed: {exc}", file=sys.stderr)
        return INFRASTRUCTURE
    for record in records:
        print(json.dumps(record, ensure_ascii=False))
    if records and records[-1].get("finish") in ("sandbox_error", "grading_error"):
        print(
            f"coderl replay: infrastructure failed: {records[-1].get('error', records[-1]['finish'])}", file=sys.stderr
        )
        return INFRASTRUCTURE
    return OK


def register(sub: argparse._SubParsersAction) -> None:
    replay_cmd = sub.add_parser(
        "replay",
        help="play actions (JSONL) through guarded execution in a sandbox, then grade",
        description="One JSON line per action, then a line with the grade. Exit 0 when it ran (whatever the "
        "reward), 2 for a bad task or file, 3 when the infrastructure failed.",
    )
    replay_cmd.add_argument("task_dir")
    replay_cmd.add_argument("actions", help="JSONL file of actions (the scanner's format), or -")
    add_judge_flags(replay_cmd)
    replay_cmd.add_argument("--audit", default=None, metavar="LOG", help="append intercepts to this JSONL log")
    replay_cmd.add_argument("--seed", type=int, default=0, help="decoy seed (>= 0)")
    replay_cmd.add_argument("--mode", choices=("rootless", "rootful"), default="rootless")
    replay_cmd.set_defaults(func=run_replay)
