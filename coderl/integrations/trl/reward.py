"""The reward filter for TRL's GRPOTrainer: hidden tests graded by coderl's grader, times stage 1 over the
actions written in the completion.

:class:`CoderlReward` is a TRL reward function (``reward_funcs=[CoderlReward(tasks=...)]``). For each
completion, with the row's ``task_id`` column (``coderl tasks export --format trl``):

1. the actions written in the completion are found (:mod:`coderl.integrations.response`: hermes ``<tool_call>``
   blocks, OpenAI tool calls, coderl ``<tool>`` blocks, fenced code; in a conversational completion also the
   assistant messages' parsed ``tool_calls``);
2. its files are the task's workspace with the completion's ``write_file`` and ``edit_file`` actions applied in
   order (a fenced Python block replaces the task's one non-test Python file, or is ``solution.py`` when the
   workspace has several); shell commands are not run;
3. the files are graded by the hidden tests in a fresh sandbox (the same grader as every coderl episode), and
   stage 1 scans the actions with the task's protected paths: a conclusive finding makes the reward 0 and its
   rules are recorded (``records``, and TRL's completions table through ``log_extra`` as ``coderl_rules``).

**This mode only detects, after the fact.** Whatever ran the model's tools (TRL's own tool loop, your
environment) ran them unguarded: the model saw their real results (no decoy), nothing was prevented, and a
cheat that is not written in the completion is not seen. coderl's environment
(:mod:`coderl.integrations.trl.environment`) guards each call before it runs instead.
"""

from __future__ import annotations

import asyncio
import json
import posixpath
import time
from collections.abc import Callable, Sequence
from typing import Any

from coderl.action import Action
from coderl.guard import GuardContext
from coderl.integrations.response import (
    FENCED_PYTHON_PATH,
    action_from_call,
    extract_actions,
    scan_actions,
)
from coderl.integrations.runtime import environment, run_sync
from coderl.task import Task

__all__ = ["CoderlReward", "completion_actions", "completion_files", "completion_text"]


def completion_text(completion: Any) -> str:
    """A completion's text: a string as it is; a conversational completion's assistant messages joined."""
    if isinstance(completion, str):
        return completion
    parts: list[str] = []
    for message in completion or []:
        if isinstance(message, dict) and message.get("role") == "assistant":
            content = message.get("content")
            parts.append(content if isinstance(content, str) else "")
    return "\n".join(parts)


def completion_actions(completion: Any) -> list[Action]:
    """The actions of a completion: those written in its text, then its messages' parsed ``tool_calls``."""
    actions = extract_actions(completion_text(completion))
    if not isinstance(completion, str):
        for message in completion or []:
            if not isinstance(message, dict) or message.get("role") != "assistant":
                continue
            for call in message.get("tool_calls") or []:
                function = call.get("function", call) if isinstance(call, dict) else {}
                action = action_from_call(function.get("name"), function.get("arguments", {}), "tool_calls")
                if action is not None:
                    actions.append(action)
    return actions


def _workspace_path(path: str) -> str | None:
    """``path`` relative to /workspace, or None for one that leaves it."""
    path = path.strip()
    if path.startswith("/workspace/"):
        path = path[len("/workspace/") :]
    if not path or path.startswith("/"):
        return None
    norm = posixpath.normpath(path)
    return None if norm == "." or norm.startswith("..") else norm


def _fenced_target(task: Task) -> str:
    """Where a fenced Python block goes: the task's one non-test Python file, else ``solution.py``."""
    sources = [
        p for p in task.workspace if "/" not in p and p.endswith(".py") and not p.startswith(("test", "conftest"))
    ]
    return sources[0] if len(sources) == 1 else FENCED_PYTHON_PATH


def completion_files(task: Task, actions: Sequence[Action]) -> dict[str, bytes]:
    """The task's workspace with the completion's file writes and edits applied in order (see the module)."""
    files = dict(task.workspace)
    for action in actions:
        raw = action.fields.get("path", "")
        if action.tool == "write_file" and action.id == "fence" and raw == FENCED_PYTHON_PATH:
            raw = _fenced_target(task)
        path = _workspace_path(raw)
        if path is None:
            continue
        if action.tool == "write_file":
            files[path] = action.fields.get("content", "").encode()
        elif action.tool == "edit_file" and path in files:
            old, new = action.fields.get("old", ""), action.fields.get("new", "")
            text = files[path].decode(errors="replace")
            if old and text.count(old) == 1:
                files[path] = text.replace(old, new).encode()
    return files


class CoderlReward:
    """A TRL reward function: hidden tests x stage 1 (see the module). One per run; its sandboxes (for the
    grader) live on coderl's background loop, shared with coderl's environment in the same process.

    ``records`` keeps, per scored completion: ``task_id``, ``reward``, ``grade_reward``, ``cheat``, ``rules``,
    ``actions`` and ``grade_s``. ``__name__`` (``coderl``) is what TRL logs the reward under.
    """

    __name__ = "coderl"

    def __init__(self, tasks: str = "basic", sandboxes: int = 2) -> None:
        self.tasks = str(tasks)
        self.sandboxes = int(sandboxes)
        self.records: list[dict[str, Any]] = []

    def __call__(
        self,
        prompts: Sequence[Any],
        completions: Sequence[Any],
        task_id: Sequence[str] | None = None,
        log_extra: Callable[[str, list[Any]], None] | None = None,
        log_metric: Callable[[str, float], None] | None = None,
        **kwargs: Any,
    ) -> list[float]:
        """One reward per completion; ``task_id`` is the dataset's column (TRL passes every column)."""
        if task_id is None:
            raise ValueError(
                "coderl reward: the dataset has no task_id column (see `coderl tasks export --format trl`)"
            )
        if len(task_id) != len(completions):
            raise ValueError(f"coderl reward: {len(task_id)} task ids for {len(completions)} completions")
        records = self.score(task_id, completions)
        self.records.extend(records)
        if log_extra is not None:
            log_extra("coderl_rules", [",".join(r["rules"]) for r in records])
        if log_metric is not None:
            log_metric("coderl/cheat_rate", sum(r["cheat"] for r in records) / max(1, len(records)))
        return [r["reward"] for r in records]

    def score(self, task_ids: Sequence[str], completions: Sequence[Any]) -> list[dict[str, Any]]:
        """One record per completion (the fields of ``records``), without keeping them: what other stacks'
        reward hooks call (:mod:`coderl.integrations.openrlhf`). Safe to call from several threads at once."""
        return run_sync(self._score(list(task_ids), list(completions)))

    async def _score(self, task_ids: list[str], completions: list[Any]) -> list[dict[str, Any]]:
        env = await environment(self.tasks, self.sandboxes)

        async def one(task_id: str, completion: Any) -> dict[str, Any]:
            task = env.task(task_id, f"coderl reward: task_id (suite {self.tasks!r})")
            actions = completion_actions(completion)
            context = GuardContext(task_files=frozenset(task.workspace)).with_protected(*task.grading.protected)
            verdict = await asyncio.to_thread(scan_actions, actions, context)
            t0 = time.perf_counter()
            grade = await env.grader.grade(task, completion_files(task, actions))
            grade_reward = float(grade.reward)
            return {
                "task_id": task.id,
                "reward": 0.0 if verdict.cheat else grade_reward,
                "grade_reward": grade_reward,
                "cheat": verdict.cheat,
                "rules": verdict.rules,
                "actions": [json.dumps({"tool": a.tool, **a.fields}) for a in actions],
                "grade_s": time.perf_counter() - t0,
            }

        return list(await asyncio.gather(*(one(t, c) for t, c in zip(task_ids, completions, strict=True))))
