"""coderl's guarded sandbox episode as a SkyRL-gym environment (``env_class: coderl``).

SkyRL's generator makes one environment per trajectory (``skyrl_gym.make(env_class, env_config=...,
extras=row)``), calls ``init(prompt)`` for the first conversation, then ``step(text)`` with each model turn
until ``done``, and ``close()``. :class:`CoderlEnv` plays the row's coderl task (``extra_info.task_id``) through
:class:`coderl.episode.Episode`, the episode ``coderl rollout``, ``coderl replay`` and the other adapters use:

* ``init`` leases a warm rootless Podman sandbox with the task's workspace and returns coderl's conversation:
  the system prompt of the tool format (with the tools written out, since SkyRL renders the chat itself) and
  the task's prompt (the row's own ``prompt`` is replaced);
* ``step`` parses the turn in the tool format (:mod:`coderl.rollout.protocol`: ``coderl``, ``hermes`` or
  ``openai``); a reply without a valid call gets an observation saying what was wrong; a call passes the guard
  before it runs (a flagged action gets a decoy observation and marks the episode) and its output comes back as
  the next message (a ``user`` message for ``coderl``, a ``tool`` message for ``hermes``/``openai``); reward 0;
* the episode ends at ``submit``, at ``max_turns`` or when the sandbox fails: the final workspace is audited
  and graded by the hidden tests in a fresh container, and the last step's reward is coderl's final reward
  (hidden tests, 0 for an episode the guard marked); ``metadata["coderl"]`` records the grade, the marks and
  the rules that fired.

SkyRL calls ``init``/``step`` synchronously from its worker threads; the sandboxes live on one background event
loop per process (:mod:`coderl.integrations.runtime`), shared by every environment of the process.

``env_config`` (SkyRL's ``environment.skyrl_gym.coderl`` section, a mapping or an object): ``tasks`` (default
``basic``, the bundled suite, or a directory), ``tool_format`` (default ``coderl``), ``max_turns`` (8; the
``max_turns`` of the extras wins, and SkyRL's generator always sets it from ``generator.max_turns``), ``sandboxes``
(4, warm sandboxes per process), ``max_observation_chars`` (8000).
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from typing import Any

from skyrl_gym.envs.base_text_env import BaseTextEnv, BaseTextEnvStepOutput

from coderl.episode import Episode, EpisodeOutcome, StepOutcome
from coderl.integrations.runtime import environment, outcome_record, run_sync, system_prompt, truncate_text
from coderl.integrations.skyrl import ENV_CLASS
from coderl.rollout.protocol import TOOL_FORMATS, get_tool_format

__all__ = ["ENV_CLASS", "CoderlEnv"]

_DEFAULTS: dict[str, Any] = {
    "tasks": "basic",
    "tool_format": "coderl",
    "max_turns": 8,
    "sandboxes": 4,
    "max_observation_chars": 8000,
}


def _setting(config: Any, key: str) -> Any:
    if config is None:
        return _DEFAULTS[key]
    if isinstance(config, Mapping):
        return config.get(key, _DEFAULTS[key])
    return getattr(config, key, _DEFAULTS[key])


def _task_id(extras: Mapping[str, Any]) -> Any:
    info = extras.get("extra_info")
    if isinstance(info, Mapping) and info.get("task_id"):
        return info["task_id"]
    return extras.get("task_id")


class CoderlEnv(BaseTextEnv):  # type: ignore[misc]
    """One coderl episode per SkyRL trajectory; see the module's docstring."""

    def __init__(self, env_config: Any = None, extras: Mapping[str, Any] | None = None) -> None:
        super().__init__()
        extras = dict(extras or {})
        self.tasks = str(_setting(env_config, "tasks"))
        self.tool_format = str(_setting(env_config, "tool_format"))
        if self.tool_format not in TOOL_FORMATS:
            raise ValueError(
                f"environment.skyrl_gym.coderl.tool_format: {self.tool_format!r} is not one of "
                f"{', '.join(TOOL_FORMATS)}"
            )
        self.format = get_tool_format(self.tool_format)
        self.max_turns = int(extras.get("max_turns") or _setting(env_config, "max_turns"))
        if self.max_turns < 1:
            raise ValueError(f"max_turns: at least 1 turn is needed, got {self.max_turns}")
        self.sandboxes = int(_setting(env_config, "sandboxes"))
        self.max_observation_chars = int(_setting(env_config, "max_observation_chars"))
        self.task_id = _task_id(extras)
        if not self.task_id:
            raise ValueError(
                f"{ENV_CLASS}: the row has no extra_info.task_id (see `coderl tasks export --format skyrl`)"
            )
        self.episode: Episode | None = None
        self.outcome: EpisodeOutcome | None = None
        self.steps: list[StepOutcome | dict[str, Any]] = []
        self.parse_errors = 0

    def init(self, prompt: Any = None) -> tuple[list[dict[str, str]], dict[str, Any]]:
        """Lease a sandbox with the task's workspace; coderl's system prompt and the task's prompt."""
        task_id = self.task_id

        async def start() -> Episode:
            env = await environment(self.tasks, self.sandboxes)
            task = env.task(task_id, f"{ENV_CLASS}: extra_info.task_id (suite {self.tasks!r})")
            episode_id = f"skyrl-{task.id}-{uuid.uuid4().hex[:8]}"
            episode = Episode(task, pool=env.pool, guard=env.guard, grader=env.grader, episode_id=episode_id)
            return await episode.__aenter__()

        self.episode = run_sync(start())
        conversation = [
            {"role": "system", "content": system_prompt(self.tool_format)},
            {"role": "user", "content": self.episode.task.prompt},
        ]
        return conversation, {"task_id": self.episode.task.id}

    def step(self, action: str) -> BaseTextEnvStepOutput:
        """One model turn: parse, guard, run; the final reward when the episode ends."""
        if self.episode is None or self.outcome is not None:
            raise RuntimeError(f"{ENV_CLASS}: step() before init() or after the episode ended")
        episode = self.episode
        self.turns += 1
        parsed = self.format.parse(action)
        if parsed.action is None:
            self.parse_errors += 1
            self.steps.append({"outcome": "parse_error", "kind": parsed.kind, "rules": []})
            observation = parsed.error or ""
        else:
            step = run_sync(episode.step(parsed.action))
            self.steps.append(step)
            observation = step.observation + (f"\n{parsed.error}" if parsed.error else "")
        if episode.done or self.turns >= self.max_turns:
            self.outcome = run_sync(episode.finish("max_turns"))
            record = outcome_record(self.outcome, self.steps)
            return BaseTextEnvStepOutput(
                observations=[], reward=float(self.outcome.reward), done=True, metadata={"coderl": record}
            )
        message = self.format.observation_message(truncate_text(observation, self.max_observation_chars))
        return BaseTextEnvStepOutput(observations=[message], reward=0.0, done=False, metadata={})

    def close(self) -> None:
        """Give the sandbox back if the episode did not end (nothing is graded then)."""
        episode, self.episode = self.episode, None
        if episode is not None and self.outcome is None:
            run_sync(episode.__aexit__(None, None, None))

    def get_metrics(self) -> dict[str, Any]:
        """Per-episode numbers SkyRL averages: reward, graded reward, marked, intercepts, turns, parse errors."""
        outcome = self.outcome
        return {
            "coderl_reward": outcome.reward if outcome else 0.0,
            "coderl_grade_reward": float((outcome.grade or {}).get("reward") or 0.0) if outcome else 0.0,
            "coderl_marked": float(bool(outcome and outcome.marks.get("marked"))),
            "coderl_intercepts": outcome.intercepts if outcome else 0,
            "coderl_turns": self.turns,
            "coderl_parse_errors": self.parse_errors,
        }
