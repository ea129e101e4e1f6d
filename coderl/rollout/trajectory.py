"""A trajectory, exactly as the learner needs it, and its storage (JSONL, one line per finished episode).

Per token: the id, whether the policy generated it (trained and valued; prompt and observation tokens
are skipped by GAE), and its sampling logprob (0 for non-policy tokens). Per turn: the span of its
generated tokens. The reward sits on the last generated token.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["Trajectory", "TrajectoryWriter", "read_trajectories"]


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
        data = dict(data)
        data.pop("reward_index", None)
        data["turns"] = [tuple(t) for t in data.get("turns", [])]
        return cls(**data)


class TrajectoryWriter:
    """Appends finished trajectories to a JSONL file, flushed and fsynced per line: a crash loses only
    episodes that had not finished."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file = self.path.open("a", encoding="utf-8")
        self._lock = threading.Lock()
        self.count = 0

    def write(self, trajectory: Trajectory) -> None:
        line = json.dumps(trajectory.to_json(), ensure_ascii=False) + "\n"
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
