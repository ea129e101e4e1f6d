"""A trajectory, exactly as the learner needs it, and its storage (JSONL, one line per finished episode).

Per token: the id, whether the policy generated it (trained and valued; prompt and observation tokens
are skipped by GAE), and its sampling logprob (0 for non-policy tokens). Per turn: the span of its
generated tokens. The reward sits on the last generated token.

For people reading a file (and tools that do not hold the tokenizer), each line also carries its
``messages`` (the decoded prompt, policy turns and observations), the ``model``, a ``config_hash``
of the rollout settings, the ``seed`` and the ``run_id`` of the writer that wrote it. Episode ids are
written as ``RUN:EPISODE`` (a fresh run id per writer), so appending a second run to a file keeps every
id unique. Lines written before these fields existed load with empty defaults.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import threading
import uuid
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["Trajectory", "TrajectoryWriter", "config_hash", "decode_messages", "read_trajectories"]


@dataclass
class Trajectory:
    """One episode. ``turns`` holds ``[start, end)`` of each turn's generated tokens in ``token_ids``."""

    task_id: str
    episode_id: str
    token_ids: list[int] = field(default_factory=list)
    policy_mask: list[bool] = field(default_factory=list)
    logprobs: list[float] = field(default_factory=list)
    turns: list[tuple[int, int]] = field(default_factory=list)
    prompt_len: int = 0
    reward: float = 0.0
    grade: dict[str, Any] = field(default_factory=dict)
    marks: dict[str, Any] = field(default_factory=dict)
    finish: str = ""  # submit | max_turns | max_tokens | wall_clock | sandbox_error | grading_error
    metrics: dict[str, Any] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)
    steps: list[dict[str, Any]] = field(default_factory=list)
    # provenance and a readable copy, filled in by the TrajectoryWriter that writes the trajectory
    messages: list[dict[str, str]] = field(default_factory=list)  # {"role": prompt|policy|observation, "text"}
    model: str = ""
    config_hash: str = ""
    seed: int | None = None
    run_id: str = ""
    # The number of weight syncs the engine had received when it played this episode (every token of an episode
    # comes from one policy: weights change only between rollouts); one-step-off-policy training records it.
    policy_version: int = 0

    def append(self, ids: list[int], *, policy: bool, logprobs: list[float] | None = None) -> None:
        """Add tokens; policy tokens need one logprob each."""
        if policy and (logprobs is None or len(logprobs) != len(ids)):
            raise ValueError("policy tokens need one logprob each")
        self.token_ids.extend(ids)
        self.policy_mask.extend([policy] * len(ids))
        self.logprobs.extend(logprobs if policy and logprobs is not None else [0.0] * len(ids))

    @property
    def reward_index(self) -> int:
        """Where the reward goes: the last generated token (-1 if the policy generated nothing)."""
        for i in range(len(self.policy_mask) - 1, -1, -1):
            if self.policy_mask[i]:
                return i
        return -1

    @property
    def num_generated(self) -> int:
        return sum(self.policy_mask)

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["reward_index"] = self.reward_index
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Trajectory:
        """A trajectory from its JSON line; keys this version does not know (a newer writer's) are ignored,
        and keys an older writer did not write keep their defaults."""
        known = {f.name for f in dataclasses.fields(cls)}
        data = {k: v for k, v in data.items() if k in known}
        data["turns"] = [tuple(t) for t in data.get("turns", [])]
        return cls(**data)


def decode_messages(trajectory: Trajectory, tokenizer: Any) -> list[dict[str, str]]:
    """The trajectory as text: the prompt, then each policy turn and the observation after it, each decoded
    with ``tokenizer.decode`` (special tokens skipped). Non-policy tokens before the first turn are the
    prompt; those between and after turns are observations (empty ones are left out)."""

    def text(begin: int, end: int) -> str:
        return str(tokenizer.decode(trajectory.token_ids[begin:end], skip_special_tokens=True))

    messages: list[dict[str, str]] = []
    spans = sorted(trajectory.turns) or [(len(trajectory.token_ids), len(trajectory.token_ids))]
    position = 0
    for index, (begin, end) in enumerate(spans):
        if begin > position:
            gap = text(position, begin)
            if index == 0:
                messages.append({"role": "prompt", "text": gap})
            elif gap.strip():
                messages.append({"role": "observation", "text": gap})
        if end > begin:
            messages.append({"role": "policy", "text": text(begin, end)})
        position = max(position, end)
    if trajectory.turns and position < len(trajectory.token_ids):
        tail = text(position, len(trajectory.token_ids))
        if tail.strip():
            messages.append({"role": "observation", "text": tail})
    return messages


def _plain(value: Any) -> Any:
    """JSON for a dataclass or pydantic model inside settings; ``str`` for anything else JSON lacks."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return asdict(value)
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    return str(value)


def config_hash(settings: Any) -> str:
    """A short stable hash of settings (dataclasses, pydantic models, plain JSON data, nested): the same
    settings give the same hash in every process, so trajectories from one configuration can be grouped."""
    text = json.dumps(settings, sort_keys=True, default=_plain, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


class TrajectoryWriter:
    """Appends finished trajectories to a JSONL file, flushed and fsynced per line: a crash loses only
    episodes that had not finished.

    Each line gets the writer's ``run_id`` (fresh per writer unless given) and its episode id is written as
    ``RUN:EPISODE``, so runs appended to one file never share an id; with a ``tokenizer`` it also gets the
    decoded ``messages``, and ``model``, ``config_hash`` and ``seed`` where the trajectory has none, and the
    writer's ``policy_version`` when given. The trajectory object itself is not changed.
    """

    def __init__(
        self,
        path: str | Path,
        *,
        tokenizer: Any = None,
        model: str | Path = "",
        config_hash: str = "",
        seed: int | None = None,
        run_id: str | None = None,
        policy_version: int | None = None,
    ) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.tokenizer = tokenizer
        self.model = str(model)
        self.config_hash = config_hash
        self.seed = seed
        self.run_id = run_id or uuid.uuid4().hex[:8]
        self.policy_version = policy_version
        self._file = self.path.open("a", encoding="utf-8")
        self._lock = threading.Lock()
        self.count = 0

    def record(self, trajectory: Trajectory) -> dict[str, Any]:
        """The JSON line's content for ``trajectory``: its fields plus this writer's provenance."""
        out = trajectory.to_json()
        if not trajectory.run_id:
            out["run_id"] = self.run_id
            out["episode_id"] = f"{self.run_id}:{trajectory.episode_id}"
        if self.tokenizer is not None and not trajectory.messages:
            out["messages"] = decode_messages(trajectory, self.tokenizer)
        out["model"] = trajectory.model or self.model
        out["config_hash"] = trajectory.config_hash or self.config_hash
        out["seed"] = trajectory.seed if trajectory.seed is not None else self.seed
        if self.policy_version is not None:
            out["policy_version"] = self.policy_version
        return out

    def write(self, trajectory: Trajectory) -> None:
        line = json.dumps(self.record(trajectory), ensure_ascii=False) + "\n"
        with self._lock:
            self._file.write(line)
            self._file.flush()
            os.fsync(self._file.fileno())
            self.count += 1

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> TrajectoryWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def read_trajectories(path: str | Path) -> Iterator[Trajectory]:
    """Trajectories from a JSONL file; a torn last line (a crash mid-write) is skipped."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.endswith("\n"):
                break
            if line.strip():
                yield Trajectory.from_json(json.loads(line))
