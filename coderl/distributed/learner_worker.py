"""LearnerWorker: one rank of the learner, the policy and the critic under FSDP2 (``fully_shard``; gloo on CPU).

Each rank holds a shard of every parameter, gradient and AdamW state (so a model too large for one device's
memory trains across several); a forward or backward gathers a layer's full weights for the moment it runs.
This first version keeps the data replicated: every rank builds the same experience and runs the same
minibatches, so FSDP's gradient average is the single-process gradient and N ranks give the single-process
update (up to float summation order). Splitting the rows across ranks (each rank ``value_gae`` on its own rows,
only the whitening sums and the token counts of the loss normalizer crossing ranks) is the next step.

The default process group is FSDP's (``init_process_group`` on ``MASTER_ADDR:MASTER_PORT``); weight sync to
rollout workers goes over a group of its own (:mod:`coderl.distributed.weight_sync`), never this one.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Sequence
from datetime import timedelta
from typing import Any

import torch
import torch.distributed as dist
from torch import nn

from coderl.distributed.cluster import where
from coderl.distributed.weight_sync import Layout, StatelessGroup, checksum, layout_of, send
from coderl.learner.critic import Critic
from coderl.learner.experience import make_experience
from coderl.learner.ppo import PPOConfig, PPOLearner
from coderl.rollout.trajectory import Trajectory

__all__ = ["LearnerWorker", "full_state", "shard"]


def _blocks(model: nn.Module) -> list[nn.Module]:
    """The transformer blocks of a transformers model (``model.layers`` or ``layers``), each its own FSDP unit."""
    for path in ("model.layers", "layers"):
        found: Any = model
        for part in path.split("."):
            found = getattr(found, part, None)
        if isinstance(found, nn.ModuleList):
            return list(found)
    return []


def shard(model: nn.Module, inner: nn.Module | None = None) -> Any:
    """``fully_shard`` each block of ``inner`` (default ``model``), then ``model`` itself (the rest: embeddings,
    norms, heads). Must run on every rank of the default group, in the same order."""
    from torch.distributed.fsdp import fully_shard

    for block in _blocks(inner if inner is not None else model):
        fully_shard(block)
    fully_shard(model)
    return model


def full_state(model: nn.Module) -> dict[str, torch.Tensor]:
    """The full (unsharded) state dict of an FSDP2 model, on every rank (a collective: all ranks call it)."""
    from torch.distributed.tensor import DTensor

    out = {}
    for name, value in model.state_dict().items():
        out[name] = value.full_tensor() if isinstance(value, DTensor) else value
    return out


@contextlib.contextmanager
def unsharded(module: nn.Module) -> Iterator[None]:
    """The root FSDP unit's parameters gathered for direct use (experience reads the value head's weight)."""
    module.unshard()  # type: ignore[operator]
    try:
        yield
    finally:
        module.reshard()  # type: ignore[operator]


class LearnerWorker:
    """Rank ``rank`` of ``world`` (the Ray actor class is ``ray.remote(LearnerWorker)``)."""

    def __init__(
        self, rank: int, world: int, master: str, port: int, policy: str, config: PPOConfig, *, threads: int = 0
    ) -> None:
        from transformers import AutoModelForCausalLM

        if threads:
            torch.set_num_threads(threads)
        os.environ["MASTER_ADDR"], os.environ["MASTER_PORT"] = master, str(port)
        dist.init_process_group("gloo", rank=rank, world_size=world, timeout=timedelta(seconds=300))
        self.rank, self.world = rank, world
        model: Any = AutoModelForCausalLM.from_pretrained(policy, dtype=torch.float32)
        critic = Critic.from_pretrained(policy)
        self.policy: Any = shard(model)
        self.critic: Any = shard(critic, critic.backbone)
        with torch.no_grad():  # FSDP2 sets itself up in the root's first forward: before any direct use of a part
            probe = torch.zeros((1, 2), dtype=torch.long)
            self.policy(input_ids=probe)
            self.critic(probe)
        # a root keeps its weights gathered after a forward without backward: the optimizers must see the sharded
        # parameters, not those gathered copies
        self.policy.reshard()
        self.critic.reshard()
        self.learner = PPOLearner(self.policy, self.critic, config)
        self.sync_group: StatelessGroup | None = None
        self._outgoing: dict[str, torch.Tensor] = {}

    def where(self) -> dict[str, Any]:
        """Node and process of this rank (for ``coderl cluster status``)."""
        return {"role": "learner", "rank": self.rank, **where()}

    def update(
        self,
        trajectories: Sequence[Trajectory],
        *,
        pad_id: int,
        advantage: dict[str, Any],
        seed: int,
        train_policy: bool = True,
    ) -> dict[str, float]:
        """Experience (critic values, GAE) and the PPO epochs on ``trajectories``; the minibatch order comes from
        ``seed`` (the same on every rank). ``advantage``: ``make_experience``'s estimator keywords."""
        with unsharded(self.critic):
            batch = make_experience(trajectories, self.critic, pad_id=pad_id, device="cpu", **advantage)
        self.policy.reshard()
        generator = torch.Generator().manual_seed(seed)
        return self.learner.update(batch, train_policy=train_policy, generator=generator)

    def checksums(self) -> dict[str, float]:
        """Checksums of the full policy and critic weights (all ranks must call this together)."""
        return {"policy": checksum(full_state(self.policy)), "critic": checksum(full_state(self.critic))}

    def policy_state(self) -> dict[str, torch.Tensor]:
        """The full policy state dict (all ranks must call this together; rank 0's is the one to sync)."""
        return full_state(self.policy)

    def join_sync(self, host: str, port: int, world: int) -> None:
        """Rank 0 only: host the weight-sync group (its rank 0) at ``host:port``; returns once all ``world`` joined."""
        if self.rank != 0:
            raise RuntimeError("only learner rank 0 sends weights")
        self.sync_group = StatelessGroup(host, port, 0, world)

    def publish(self, bucket_mb: float = 64.0) -> Layout:
        """Gather the full policy weights (a collective: every rank calls it) and return their bucket layout;
        rank 0 keeps them for :meth:`send_weights`."""
        state = full_state(self.policy)
        self._outgoing = state if self.rank == 0 else {}
        return layout_of(state, bucket_mb)

    def send_weights(self, layout: Layout) -> dict[str, float]:
        """Rank 0: broadcast what :meth:`publish` gathered over the weight-sync group (the rollout workers
        receive at the same time)."""
        if self.sync_group is None:
            raise RuntimeError("LearnerWorker.send_weights: join_sync first")
        try:
            return send(self.sync_group, self._outgoing, layout)
        finally:
            self._outgoing = {}

    def close(self) -> None:
        """Leave the weight-sync group and the default group."""
        if self.sync_group is not None:
            self.sync_group.close()
            self.sync_group = None
        if dist.is_initialized():
            dist.destroy_process_group()
