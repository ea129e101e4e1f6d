"""Every environment variable coderl reads, in one place (like vLLM's ``envs.py``).

Read lazily, at call time, so embedding applications can set them after import.
"""

from __future__ import annotations

import os

__all__ = ["num_threads", "sandbox_image", "sandbox_user", "triton_interpret"]


def _int(name: str) -> int | None:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return None
    try:
        value = int(raw)
    except ValueError as exc:
        raise ValueError(f"environment variable {name}={raw!r} is not an integer") from exc
    if value < 1:
        raise ValueError(f"environment variable {name}={raw!r} must be >= 1")
    return value


def num_threads() -> int | None:
    """``CODERL_NUM_THREADS``: threads for native CPU ops (default: torch's intra-op thread count)."""
    return _int("CODERL_NUM_THREADS")


def triton_interpret() -> bool:
    """``TRITON_INTERPRET=1``: Triton kernels run in the interpreter (on CPU tensors)."""
    return os.environ.get("TRITON_INTERPRET", "0").strip() not in ("", "0")


def sandbox_user() -> str:
    """``CODERL_SANDBOX_USER``: the unprivileged host user that owns rootless containers when run as root."""
    return os.environ.get("CODERL_SANDBOX_USER", "").strip() or "coderl"


def sandbox_image() -> str:
    """``CODERL_SANDBOX_IMAGE``: the sandbox image name (default ``localhost/coderl-sandbox:3``)."""
    return os.environ.get("CODERL_SANDBOX_IMAGE", "").strip() or "localhost/coderl-sandbox:3"
