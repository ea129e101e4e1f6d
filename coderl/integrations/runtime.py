"""What every adapter's environment mode shares: the tasks, the sandbox pool, the guard and the grader of one
process (made once per event loop), and a background event loop for stacks whose environment API is
synchronous (SkyRL's ``init``/``step``, TRL's tool methods).

coderl's episode layer (:class:`coderl.episode.Episode`) is asynchronous and its sandbox pool belongs to the
event loop that started it. verl awaits an agent loop in its own loop, so its adapter uses :func:`environment`
directly. SkyRL and TRL call plain methods from their own threads: :func:`run_sync` submits the coroutine to one
daemon event loop per process (:class:`LoopThread`), where the shared pool lives, and waits for the result.
"""

from __future__ import annotations

import asyncio
import atexit
import json
import threading
from collections.abc import Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from coderl.episode import EpisodeOutcome, StepOutcome
from coderl.grade.grader import Grader
from coderl.guard.guarded import Guard
from coderl.rollout.protocol import TOOL_SCHEMAS, get_tool_format
from coderl.sandbox.config import SandboxConfig
from coderl.sandbox.pool import SandboxPool
from coderl.task import Task, load_tasks

__all__ = [
    "EpisodeEnvironment",
    "LoopThread",
    "close_environments",
    "environment",
    "load_task_map",
    "outcome_record",
    "run_sync",
    "shutdown",
    "system_prompt",
    "truncate_text",
]

T = TypeVar("T")


def load_task_map(tasks: str) -> dict[str, Task]:
    """The tasks by id: ``"basic"`` is the bundled suite, anything else a task directory or a directory of tasks."""
    if tasks == "basic":
        from coderl.suites import basic_suite

        loaded = basic_suite()
    else:
        loaded = load_tasks(Path(tasks))
    return {task.id: task for task in loaded}


@dataclass
class EpisodeEnvironment:
    """What the episodes of one process (and event loop) share: the tasks, the sandbox pool, guard and grader."""

    tasks: dict[str, Task]
    pool: SandboxPool
    guard: Guard
    grader: Grader

    def task(self, task_id: Any, where: str) -> Task:
        """The task ``task_id``; a ``ValueError`` naming ``where`` (the stack's field) when there is none."""
        if not task_id:
            raise ValueError(f"{where}: no task id (see `coderl tasks export`)")
        task = self.tasks.get(str(task_id))
        if task is None:
            raise ValueError(f"{where}: no task {task_id!r} in this suite")
        return task


# (tasks, sandboxes, event loop) -> the environment being made or made; one per process and loop.
_environments: dict[tuple[str, int, int], asyncio.Task[EpisodeEnvironment]] = {}


async def _make_environment(tasks: str, sandboxes: int) -> EpisodeEnvironment:
    loaded = await asyncio.to_thread(load_task_map, tasks)
    pool = SandboxPool(SandboxConfig(), size=sandboxes)
    await pool.start()
    return EpisodeEnvironment(loaded, pool, Guard(), Grader(pool))


async def environment(tasks: str, sandboxes: int) -> EpisodeEnvironment:
    """This event loop's environment for ``tasks`` with ``sandboxes`` warm sandboxes, made on first use."""
    key = (tasks, sandboxes, id(asyncio.get_running_loop()))
    made = _environments.get(key)
    if made is None or (made.done() and made.exception() is not None):
        made = _environments[key] = asyncio.ensure_future(_make_environment(tasks, sandboxes))
    return await asyncio.shield(made)


async def close_environments() -> None:
    """Stop the sandbox pools this event loop's environments started (their containers are removed)."""
    loop = id(asyncio.get_running_loop())
    for key in [k for k in _environments if k[2] == loop]:
        made = _environments.pop(key)
        if made.done() and made.exception() is None:
            await made.result().pool.close()


class LoopThread:
    """An event loop running in a daemon thread; :meth:`run` executes a coroutine there and waits for it."""

    def __init__(self, name: str = "coderl-env-loop") -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name=name, daemon=True)
        self._thread.start()

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        """The coroutine's result (its exception re-raised here). Not from inside this loop's own thread."""
        if threading.current_thread() is self._thread:
            coro.close()
            raise RuntimeError("LoopThread.run called from its own loop (would deadlock)")
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result()

    def close(self) -> None:
        """Stop this loop's sandbox pools (containers removed), then the loop and its thread."""
        if self.loop.is_closed():
            return
        try:
            self.run(close_environments())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(timeout=60)
            if not self._thread.is_alive():
                self.loop.close()


_shared: LoopThread | None = None
_shared_lock = threading.Lock()


def run_sync(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` on the process's shared background loop (started on first use) and wait for it."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = LoopThread()
            atexit.register(shutdown)
        loop = _shared
    return loop.run(coro)


def shutdown() -> None:
    """Stop the shared background loop and the sandboxes its environments started (also run at exit)."""
    global _shared
    with _shared_lock:
        loop, _shared = _shared, None
    if loop is not None:
        loop.close()


def system_prompt(tool_format: str) -> str:
    """The system prompt for a stack that renders the conversation itself, without passing coderl's tools to the
    chat template (SkyRL's generator): the ``coderl`` format's prompt describes its tools; for ``hermes`` and
    ``openai`` the tool schemas and how to call them are written into the prompt."""
    fmt = get_tool_format(tool_format)
    if fmt.tools is None:
        return fmt.system_prompt
    schemas = "\n".join(json.dumps(schema) for schema in TOOL_SCHEMAS)
    if fmt.name == "hermes":
        how = 'Call a tool as <tool_call>\n{"name": <tool>, "arguments": {...}}\n</tool_call>.'
    else:
        how = (
            'Call a tool as {"tool_calls": [{"type": "function", "function": {"name": <tool>, "arguments": "{...}"}}]}.'
        )
    return f"{fmt.system_prompt}\n\nTools:\n{schemas}\n\n{how}"


def truncate_text(text: str, max_chars: int) -> str:
    """``text`` cut to about ``max_chars`` (head and tail kept) with a marker, for stacks without a tokenizer at
    hand; unchanged when it fits."""
    if len(text) <= max_chars:
        return text
    head, tail = text[: max_chars * 2 // 3], text[-(max_chars // 3) :]
    return f"{head}\n[coderl: observation truncated, {len(text) - len(head) - len(tail)} characters omitted]\n{tail}"


def outcome_record(outcome: EpisodeOutcome, steps: list[StepOutcome | dict[str, Any]]) -> dict[str, Any]:
    """What an adapter reports per episode: task, episode id, how it finished, the final and the graded reward,
    whether the guard marked it, the rules that fired and each step's outcome."""
    records = [s.record() if isinstance(s, StepOutcome) else s for s in steps]
    return {
        "task_id": outcome.task,
        "episode_id": outcome.episode_id,
        "finish": outcome.finish,
        "reward": outcome.reward,
        "grade_reward": (outcome.grade or {}).get("reward"),
        "marked": bool(outcome.marks.get("marked")),
        "rules": sorted({r for s in records for r in s.get("rules", [])}),
        "outcomes": [s.get("outcome") for s in records],
    }
