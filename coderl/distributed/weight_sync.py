"""Weight sync: the learner's new policy weights to every rollout worker over a process group of their own.

The group is *stateless*: a ``TCPStore`` hosted by the sender (rank 0) and a ``ProcessGroupGloo`` built on it
directly, never ``torch.distributed.init_process_group``. So it lives beside whatever default group a process
already has (FSDP's, on a learner) and does not disturb it; ``ray.util.collective`` cannot be used for this, as
it builds on the default group (and hangs where FSDP owns it). On GPU the same shape takes NCCL; this module
does gloo (CPU tensors) only.

A sync is one broadcast per bucket: tensors of one dtype are flattened into buffers of at most ``bucket_mb``
megabytes, in name order; the receivers learn the layout (:class:`Layout`, small plain data sent with the actor
call) and rebuild the state dict from the buffers. The sender makes the calls on the receivers first, then
broadcasts; both sides run the same list of buckets, so they cannot get out of step.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import torch
import torch.distributed as dist

__all__ = ["Bucket", "Layout", "StatelessGroup", "checksum", "free_port", "layout_of", "receive", "send"]


def free_port(host: str = "") -> int:
    """A TCP port nobody listens on now (for the group's store)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


@dataclass(frozen=True)
class Bucket:
    """One broadcast: tensors of ``dtype`` flattened one after another (``entries``: name, shape, numel)."""

    dtype: str
    entries: tuple[tuple[str, tuple[int, ...], int], ...]

    @property
    def numel(self) -> int:
        return sum(n for _, _, n in self.entries)


@dataclass(frozen=True)
class Layout:
    """The buckets of one state dict, in the order they are broadcast."""

    buckets: tuple[Bucket, ...] = field(default_factory=tuple)

    @property
    def nbytes(self) -> int:
        return sum(b.numel * torch.empty((), dtype=getattr(torch, b.dtype)).element_size() for b in self.buckets)


def layout_of(state: Mapping[str, torch.Tensor], bucket_mb: float = 64.0) -> Layout:
    """The bucket layout of ``state``: by dtype, names in sorted order, a new bucket past ``bucket_mb`` (a tensor
    larger than that has a bucket of its own)."""
    limit = int(bucket_mb * 2**20)
    by_dtype: dict[torch.dtype, list[str]] = {}
    for name in sorted(state):
        by_dtype.setdefault(state[name].dtype, []).append(name)
    buckets: list[Bucket] = []
    for dtype, names in by_dtype.items():
        entries: list[tuple[str, tuple[int, ...], int]] = []
        size = 0
        for name in names:
            t = state[name]
            nbytes = t.numel() * t.element_size()
            if entries and size + nbytes > limit:
                buckets.append(Bucket(str(dtype).removeprefix("torch."), tuple(entries)))
                entries, size = [], 0
            entries.append((name, tuple(t.shape), t.numel()))
            size += nbytes
        if entries:
            buckets.append(Bucket(str(dtype).removeprefix("torch."), tuple(entries)))
    return Layout(tuple(buckets))


class StatelessGroup:
    """A gloo group of ``world`` ranks of its own: rank 0 hosts the store at ``host:port``; every rank builds the
    group at once (the constructor returns when all of them have joined, or raises after ``timeout_s``)."""

    def __init__(self, host: str, port: int, rank: int, world: int, *, timeout_s: float = 300.0) -> None:
        if not 0 <= rank < world:
            raise ValueError(f"rank {rank} outside a group of {world}")
        timeout = timedelta(seconds=timeout_s)
        self.rank, self.world = rank, world
        self.store = dist.TCPStore(host, port, world, rank == 0, timeout=timeout, wait_for_workers=False)
        self.group = dist.ProcessGroupGloo(dist.PrefixStore("coderl-weight-sync", self.store), rank, world, timeout)

    def broadcast(self, tensor: torch.Tensor) -> None:
        """Rank 0's ``tensor`` into everyone's (in place)."""
        self.group.broadcast(tensor, 0).wait()  # type: ignore[attr-defined]  # (the stubs lack the C++ method)

    def close(self) -> None:
        """Drop the group and the store (the sender's store stops listening)."""
        self.group = None  # type: ignore[assignment]
        self.store = None  # type: ignore[assignment]


def send(group: StatelessGroup, state: Mapping[str, torch.Tensor], layout: Layout) -> dict[str, float]:
    """Broadcast ``state`` (rank 0) in ``layout``'s buckets; returns the megabytes and seconds it took."""
    t0 = time.perf_counter()
    for bucket in layout.buckets:
        flat = torch.cat([state[name].detach().reshape(-1).cpu() for name, _, _ in bucket.entries])
        group.broadcast(flat)
    return {"sync_mb": layout.nbytes / 2**20, "sync_broadcast_s": time.perf_counter() - t0}


def receive(group: StatelessGroup, layout: Layout) -> dict[str, torch.Tensor]:
    """The state dict rank 0 broadcasts in ``layout`` (call while it calls :func:`send`)."""
    state: dict[str, torch.Tensor] = {}
    for bucket in layout.buckets:
        flat = torch.empty(bucket.numel, dtype=getattr(torch, bucket.dtype))
        group.broadcast(flat)
        offset = 0
        for name, shape, numel in bucket.entries:
            state[name] = flat[offset : offset + numel].view(shape)
            offset += numel
    return state


def checksum(state: Mapping[str, Any]) -> float:
    """A float summary of a state dict (sum of every value in float64): equal weights, equal checksums."""
    return float(sum(torch.as_tensor(v).detach().double().sum() for v in state.values()))
