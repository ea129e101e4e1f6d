"""coderl's guarded sandbox episode as a TRL environment (GRPOTrainer's ``environment_factory``).

TRL 1.16's GRPOTrainer plays multi-turn rollouts with tools: the public methods of the environment are the
tools (their names, type hints and docstrings become the JSON schemas the chat template lists), the trainer
parses each turn's tool calls with the tokenizer's response template, calls the methods, appends their results
as ``tool`` messages (masked out of the loss) and generates again, until a turn has no call. ``reset(**row)``
starts a rollout and ``get_reward()`` scores it once it ended.

:class:`CoderlToolEnv` plays the row's coderl task (its ``task_id`` column) through
:class:`coderl.episode.Episode`: ``reset`` leases a warm rootless Podman sandbox with the task's workspace; each
tool call (``bash``, ``write_file``, ``edit_file``, ``read_file``) passes the guard before it runs (a flagged
call gets a decoy result and marks the episode); ``get_reward`` ends the episode, audits and grades the final
workspace with the hidden tests in a fresh container, and returns coderl's final reward (0 for a marked
episode). ``record`` keeps how it finished, its grade, the marks and the rules that fired.

There is no ``submit`` tool: in TRL a rollout ends with the first turn without a tool call. GRPO has no critic,
so coderl's GAE has no place here. Use::

    GRPOTrainer(..., environment_factory=coderl_environment(tasks="path/to/tasks"))
"""

from __future__ import annotations

import functools
import uuid
from collections.abc import Callable
from typing import Any

from coderl.action import parse_action
from coderl.episode import Episode, EpisodeOutcome, StepOutcome
from coderl.integrations.runtime import environment, outcome_record, run_sync, truncate_text

__all__ = ["CoderlToolEnv", "coderl_environment"]


class CoderlToolEnv:
    """One coderl episode per TRL rollout; see the module. Instances are pooled and reused by TRL (``reset``
    between rollouts): an episode that was never scored gives its sandbox back at the next ``reset``."""

    def __init__(self, tasks: str = "basic", sandboxes: int = 2, max_observation_chars: int = 8000) -> None:
        self.tasks = str(tasks)
        self.sandboxes = int(sandboxes)
        self.max_observation_chars = int(max_observation_chars)
        self._episode: Episode | None = None
        self._steps: list[StepOutcome] = []
        self._outcome: EpisodeOutcome | None = None
        self.record: dict[str, Any] | None = None

    def reset(self, task_id: str | None = None, **row: Any) -> None:
        """Start the rollout of the row's task (the ``task_id`` column); the prompt stays the row's own."""
        self._release()
        self._steps, self._outcome, self.record = [], None, None

        async def start() -> Episode:
            env = await environment(self.tasks, self.sandboxes)
            task = env.task(task_id, f"coderl environment: task_id (suite {self.tasks!r})")
            episode_id = f"trl-{task.id}-{uuid.uuid4().hex[:8]}"
            episode = Episode(task, pool=env.pool, guard=env.guard, grader=env.grader, episode_id=episode_id)
            return await episode.__aenter__()

        self._episode = run_sync(start())

    def _release(self) -> None:
        episode, self._episode = self._episode, None
        if episode is not None and self._outcome is None:
            run_sync(episode.__aexit__(None, None, None))

    def _run(self, tool: str, **fields: str) -> str:
        episode = self._episode
        if episode is None or self._outcome is not None:
            raise RuntimeError("coderl environment: a tool call outside a rollout (reset first)")
        if episode.done:
            return "Error: the sandbox failed; the episode is over."
        step = run_sync(episode.step(parse_action({"tool": tool, **fields})))
        self._steps.append(step)
        return truncate_text(step.observation, self.max_observation_chars)

    def bash(self, command: str) -> str:
        """Run a shell command in /workspace and return its exit code and output.

        Args:
            command: The shell command to run.
        """
        return self._run("bash", command=command)

    def write_file(self, path: str, content: str) -> str:
        """Create or overwrite a file with the given content.

        Args:
            path: The file's path, relative to /workspace.
            content: The whole new content of the file.
        """
        return self._run("write_file", path=path, content=content)

    def edit_file(self, path: str, old: str, new: str) -> str:
        """Replace the one occurrence of `old` in a file with `new`.

        Args:
            path: The file's path, relative to /workspace.
            old: The text to replace (it must occur exactly once).
            new: The replacement text.
        """
        return self._run("edit_file", path=path, old=old, new=new)

    def read_file(self, path: str) -> str:
        """Return a file's content.

        Args:
            path: The file's path, relative to /workspace.
        """
        return self._run("read_file", path=path)

    def get_reward(self) -> float:
        """End the episode: audit and grade the final workspace; coderl's final reward (0 when marked)."""
        if self._outcome is None:
            episode = self._episode
            if episode is None:
                raise RuntimeError("coderl environment: get_reward() outside a rollout (reset first)")
            self._outcome = run_sync(episode.finish("no_call"))
            self._episode = None
            self.record = outcome_record(self._outcome, list(self._steps))
        return float(self._outcome.reward)


def coderl_environment(
    tasks: str = "basic", sandboxes: int = 2, max_observation_chars: int = 8000
) -> Callable[[], Any]:
    """The ``environment_factory`` for GRPOTrainer: each call makes a :class:`CoderlToolEnv` over ``tasks``."""
    return functools.partial(
        CoderlToolEnv, tasks=tasks, sandboxes=sandboxes, max_observation_chars=max_observation_chars
    )
