"""Where training runs: ``[run] device`` resolved to a torch device, ``[ppo] dtype``, and per-phase GPU memory.

``device`` is ``auto`` (CUDA when torch sees a GPU, else the CPU), ``cpu``, ``cuda`` or ``cuda:N``. Its spelling is
checked with the config (:func:`check_device_spec`, no torch import); whether the machine has that device is
checked by :func:`resolve_device` before any model loads, so ``device = "cuda"`` on a machine without a GPU is
bad input (exit 2) naming the key, not a crash in the middle of a run.

:class:`PhaseMemory` records, per phase of an iteration, the peak of ``torch.cuda.max_memory_allocated`` (and of
``max_memory_reserved``) in GiB, for the iteration's metrics; on the CPU it records nothing.
:class:`PhaseOutOfMemory` is what a CUDA out-of-memory error in a phase becomes: the phase, the sizes that caused
it and how to resume with smaller ones.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import torch

__all__ = [
    "DTYPES",
    "DeviceUnavailable",
    "PhaseMemory",
    "PhaseOutOfMemory",
    "check_device_spec",
    "resolve_device",
    "torch_dtype",
]

_SPEC = re.compile(r"auto|cpu|cuda(:\d{1,3})?")
DTYPES = ("float32", "bfloat16")


class DeviceUnavailable(ValueError):
    """``[run] device`` names a device this machine does not have (the message says what it has)."""


class PhaseOutOfMemory(RuntimeError):
    """A CUDA out-of-memory error in one phase of an iteration, with the sizes that caused it."""


def check_device_spec(spec: str) -> str:
    """``spec`` if it is spelled as a device (``auto``, ``cpu``, ``cuda``, ``cuda:N``), else a ``ValueError``."""
    if not _SPEC.fullmatch(spec):
        raise ValueError(f"must be 'auto', 'cpu', 'cuda' or 'cuda:N' (a GPU index), got {spec!r}")
    return spec


def resolve_device(spec: str) -> torch.device:
    """The torch device ``spec`` names on this machine; ``auto`` is ``cuda`` when a GPU is visible, else ``cpu``.

    Raises :class:`DeviceUnavailable` for a CUDA device this machine lacks (no GPU, or an index past the last).
    """
    import torch

    check_device_spec(spec)
    available = torch.cuda.is_available()
    if spec == "auto":
        return torch.device("cuda" if available else "cpu")
    if spec == "cpu":
        return torch.device("cpu")
    if not available:
        raise DeviceUnavailable(
            f"{spec!r}: torch sees no CUDA device here (torch {torch.__version__}, CUDA build: "
            f"{torch.version.cuda or 'no'}); use 'cpu', or 'auto' to take a GPU only where there is one"
        )
    index = int(spec.split(":")[1]) if ":" in spec else torch.cuda.current_device()
    count = torch.cuda.device_count()
    if index >= count:
        raise DeviceUnavailable(f"{spec!r}: this machine has {count} CUDA device(s), cuda:0 to cuda:{count - 1}")
    return torch.device("cuda", index)


def torch_dtype(name: str) -> torch.dtype:
    """The torch dtype of ``[ppo] dtype`` (``float32`` or ``bfloat16``)."""
    import torch

    if name not in DTYPES:
        raise ValueError(f"dtype must be one of {', '.join(DTYPES)}, got {name!r}")
    return torch.float32 if name == "float32" else torch.bfloat16


class PhaseMemory:
    """Peak CUDA memory per phase: ``with memory.phase("update"): ...`` records ``update_peak_gib`` (allocated)
    and ``update_reserved_gib`` in :attr:`peaks`. On a CPU device it records nothing."""

    def __init__(self, device: torch.device) -> None:
        self.device = device
        self.peaks: dict[str, float] = {}

    @property
    def on_cuda(self) -> bool:
        return self.device.type == "cuda"

    @contextmanager
    def phase(self, name: str) -> Iterator[None]:
        if not self.on_cuda:
            yield
            return
        import torch

        torch.cuda.reset_peak_memory_stats(self.device)
        try:
            yield
        finally:
            self.peaks[f"{name}_peak_gib"] = torch.cuda.max_memory_allocated(self.device) / 2**30
            self.peaks[f"{name}_reserved_gib"] = torch.cuda.max_memory_reserved(self.device) / 2**30
