"""Sandbox settings: image, isolation mode and resource limits, validated when built."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Literal

from coderl import env

__all__ = ["SandboxConfig"]

_UNITS = {"k": 1 << 10, "m": 1 << 20, "g": 1 << 30}


def parse_size(value: int | str, name: str) -> int:
    """Bytes from an int or a string such as ``512m`` or ``1g``."""
    if isinstance(value, int):
        size = value
    else:
        text = value.strip().lower().removesuffix("b")
        try:
            size = int(float(text[:-1]) * _UNITS[text[-1]]) if text and text[-1] in _UNITS else int(text)
        except (ValueError, KeyError) as exc:
            raise ValueError(f"sandbox {name}={value!r} is not a size (e.g. 512m, 1g)") from exc
    if size <= 0:
        raise ValueError(f"sandbox {name}={value!r} must be positive")
    return size


@dataclass(frozen=True)
class SandboxConfig:
    """How sandboxes are made. Sizes accept ``512m``/``1g`` strings and are stored in bytes.

    ``mode="rootless"`` runs Podman as an unprivileged host user (``user``; when coderl itself runs as
    an ordinary user, that user). ``mode="rootful"`` runs it as root with ``--userns=auto``.

    Each sandbox runs as its own uid from ``sandbox_uid`` up (even offsets; the next uid is its grader's).
    Where cgroups do not hold (rootless on cgroup v1), ``memory_guard`` bounds the memory of all of a
    sandbox's processes together by polling (see ``coderl.sandbox.agent.MemoryGuard``); without it only
    each process is held (RLIMIT_AS).

    ``warm_graders`` grading containers are kept ready ahead of need, each with the grader's test
    process already started (pytest imported) and waiting for a workspace, and each used for one grade
    only, then removed in the background: a grade waits for neither a container nor an interpreter.
    ``0`` prepares nothing: a grade starts its test process in a plain fresh container and waits for
    that container's removal (the behaviour before warm graders).
    """

    image: str = field(default_factory=env.sandbox_image)
    mode: Literal["rootless", "rootful"] = "rootless"
    user: str = field(default_factory=env.sandbox_user)
    memory: int | str = "512m"
    pids: int = 128
    cpus: float = 1.0
    workspace_size: int | str = "256m"
    tmp_size: int | str = "256m"
    timeout_s: float = 30.0
    max_output: int = 64 << 10
    kill_output: int = 64 << 20
    sandbox_uid: int = 23000
    request_grace_s: float = 10.0
    memory_guard: bool = True
    warm_graders: int = 2

    def __post_init__(self) -> None:
        if self.mode not in ("rootless", "rootful"):
            raise ValueError(f"sandbox mode={self.mode!r}: expected 'rootless' or 'rootful'")
        for name in ("memory", "workspace_size", "tmp_size"):
            object.__setattr__(self, name, parse_size(getattr(self, name), name))
        for name in ("pids", "max_output", "kill_output", "sandbox_uid"):
            if not isinstance(getattr(self, name), int) or getattr(self, name) <= 0:
                raise ValueError(f"sandbox {name}={getattr(self, name)!r} must be a positive integer")
        for name in ("cpus", "timeout_s", "request_grace_s"):
            if not float(getattr(self, name)) > 0:
                raise ValueError(f"sandbox {name}={getattr(self, name)!r} must be positive")
        if not isinstance(self.warm_graders, int) or not 0 <= self.warm_graders <= 64:
            raise ValueError(f"sandbox warm_graders={self.warm_graders!r} must be an integer in [0, 64]")
        if not 1000 <= self.sandbox_uid < 60000:
            raise ValueError(f"sandbox sandbox_uid={self.sandbox_uid} must be in [1000, 60000)")

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SandboxConfig:
        """Build from a config table, naming unknown keys."""
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown sandbox setting(s) {unknown}; known: {sorted(known)}")
        return cls(**data)
