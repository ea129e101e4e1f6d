"""Which implementation runs an op: native C++ on CPU tensors, Triton on GPU tensors, or the reference."""

from __future__ import annotations

from types import ModuleType
from typing import Literal

import torch

from coderl import env

Backend = Literal["auto", "native", "triton", "reference"]
BACKENDS = ("auto", "native", "triton", "reference")


def select(backend: str, device: torch.device) -> str:
    """Resolve ``backend`` for tensors on ``device``; raise if that pairing cannot run."""
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {BACKENDS}, got {backend!r}")
    if backend == "auto":
        backend = "native" if device.type == "cpu" else "triton"
    if backend == "native" and device.type != "cpu":
        raise ValueError(f"the native backend runs on CPU tensors; got tensors on {device}")
    if backend == "triton" and device.type == "cpu" and not env.triton_interpret():
        raise ValueError(
            "the triton backend needs GPU tensors, or TRITON_INTERPRET=1 set before coderl.kernels is imported"
        )
    return backend


def native() -> ModuleType:
    from coderl import _native

    return _native


def triton_gae() -> ModuleType:
    try:
        from coderl.kernels import gae as kernels
    except ImportError as exc:  # pragma: no cover - depends on the install
        raise ImportError("the triton backend needs the 'triton' package: pip install 'coderl[gpu]'") from exc
    return kernels


def num_threads(requested: int | None) -> int:
    """Threads for native ops: the argument, else CODERL_NUM_THREADS, else torch's intra-op count."""
    if requested is not None:
        if int(requested) < 1:
            raise ValueError(f"num_threads must be >= 1, got {requested}")
        return int(requested)
    return env.num_threads() or torch.get_num_threads()
