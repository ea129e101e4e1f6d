"""``coderl replay``: play a file of actions through guarded execution in a real sandbox, then grade.

Users debug tasks and audit suspicious trajectories with it: one JSON line per action (``id``,
``outcome``: executed | decoy | error | submit, ``tool``, ``rules``, ``observation``), then the episode's
final record (reward, finish, grade). It drives the same ``coderl.episode.Episode`` as the rollout loop.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from typing import Any

from coderl.action import Action, ActionError, parse_action_json
from coderl.episode import Episode
from coderl.grade.grader import Grader, GradingError
from coderl.guard.guarded import AuditLog, Guard, GuardConfig
from coderl.guard.judge import JudgeConfig, make_judge
from coderl.guard.stage1 import Stage1Scanner
from coderl.sandbox.config import SandboxConfig
from coderl.sandbox.podman import EngineError
from coderl.sandbox.pool import SandboxPool
from coderl.sandbox.sandbox import SandboxError
from coderl.task import Task, TaskError, load_task

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
    stream = sys.stdin if path == "-" else open(path, encoding="utf-8", errors="surrogateescape")  # noqa: SIM115
    out: list[Action | str] = []
    try:
        for number, line in enumerate(stream, start=1):
            if line.strip():
                try:
                    out.append(parse_action_json(line))
                except ActionError as exc:
                    out.append(f"bad action on line {number}: {exc}")
    finally:
        if stream is not sys.stdin:
            stream.close()
    return out


async def _run(args: argparse.Namespace) -> list[dict[str, Any]]:
    task = load_task(args.task_dir)
    actions = _read_actions(args.actions)
    judge = make_judge(JudgeConfig(url=args.judge, policy=args.judge_policy)) if args.judge else None
    audit = AuditLog(args.audit) if args.audit else None
    guard = Guard(Stage1Scanner(), judge, GuardConfig(judge_mode=args.judge_mode, seed=args.seed), audit)
    try:
        async with SandboxPool(SandboxConfig(mode=args.mode), size=1) as pool:
            return await replay(task, actions, guard, pool)
    finally:
        if judge is not None:
            await judge.aclose()


def run_replay(args: argparse.Namespace) -> int:
    try:
        records = asyncio.run(_run(args))
    except (TaskError, OSError) as exc:
        print(f"coderl replay: {exc}", file=sys.stderr)
        return 2
    except (GradingError, SandboxError, EngineError) as exc:
        print(f"coderl replay: infrastructure failed: {exc}", file=sys.stderr)
        return 3
    for record in records:
        print(json.dumps(record, ensure_ascii=False))
    if records and records[-1].get("finish") in ("sandbox_error", "grading_error"):
        print(
            f"coderl replay: infrastructure failed: {records[-1].get('error', records[-1]['finish'])}", file=sys.stderr
        )
        return 3
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    replay_cmd = sub.add_parser(
        "replay",
        help="play actions (JSONL) through guarded execution in a sandbox, then grade",
        description="One JSON line per action, then a line with the grade. Exit 0 when it ran (whatever the "
        "reward), 2 for a bad task or file, 3 when the infrastructure failed.",
    )
    replay_cmd.add_argument("task_dir")
    replay_cmd.add_argument("actions", help="JSONL file of actions (the scanner's format), or -")
    replay_cmd.add_argument("--judge", default=None, metavar="URL", help="stage-2 judge API base or local model dir")
    replay_cmd.add_argument("--judge-mode", choices=("all", "suspicious", "sample"), default="suspicious")
    replay_cmd.add_argument("--judge-policy", choices=("fail_closed", "fail_open"), default="fail_closed")
    replay_cmd.add_argument("--audit", default=None, metavar="LOG", help="append intercepts to this JSONL log")
    replay_cmd.add_argument("--seed", type=int, default=0, help="decoy seed")
    replay_cmd.add_argument("--mode", choices=("rootless", "rootful"), default="rootless")
    replay_cmd.set_defaults(func=run_replay)
