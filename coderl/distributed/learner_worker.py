"""LearnerWorker: one rank of the learner, the policy and the critic under FSDP2 (``fully_shard``; gloo on CPU).

Each rank holds a shard of every parameter, gradient and AdamW state (so a model too large for one device's
memory trains across several); a forward or backward gathers a layer's full weights for the moment it runs.
This first version keeps the data replicated: every rank builds the same experience and runs the same
minibatches, so FSDP's gradient average is the single-process gradient and N ranks give the single-process
update (up to float summation order). Splitting the rows across ranks (each rank ``value_gae`` on its own rows,
only the whitening sums and the token counts of the loss normalizer crossing ranks) is the next step.

``coderl train`` with ``[cluster] learners = N`` (N > 1) drives these ranks (:class:`~coderl.distributed.controller.
RayTrainer`): experience and the update run here, the controller takes rank 0's full weights back for the weight
sync and the checkpoint, and a checkpoint holds the full (unsharded) critic and optimizer states in the
single-process format, so a run may resume with another number of ranks.

The default process group is FSDP's (``init_process_group`` on ``MASTER_ADDR:MASTER_PORT``); weight sync to
rollout workers goes over a group of its own (:mod:`coderl.distributed.weight_sync`), never this one.
"""

from __future__ import annotations

import contextlib
import copy
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


def full_optimizer_state(optimizer: torch.optim.Optimizer) -> dict[str, Any]:
    """The optimizer's state dict with every sharded tensor gathered whole: the single-process format
    (``state`` keyed by parameter index). A collective: all ranks call it."""
    from torch.distributed.tensor import DTensor

    sd = optimizer.state_dict()
    state = {
        i: {k: v.full_tensor() if isinstance(v, DTensor) else v for k, v in entry.items()}
        for i, entry in sd["state"].items()
    }
    return {"state": state, "param_groups": sd["param_groups"]}


def load_full_optimizer_state(optimizer: torch.optim.Optimizer, full: dict[str, Any]) -> None:
    """Load a single-process optimizer state into an optimizer over sharded parameters: each tensor of a
    parameter's state is cut the way the parameter is (its mesh and placements)."""
    from torch.distributed.tensor import DTensor, distribute_tensor

    params = [p for group in optimizer.param_groups for p in group["params"]]
    state: dict[int, dict[str, Any]] = {}
    for i, entry in full["state"].items():
        param = params[int(i)]
        state[i] = {
            k: distribute_tensor(v, param.device_mesh, param.placements)
            if isinstance(param, DTensor) and isinstance(v, torch.Tensor) and v.shape == param.shape
            else v
            for k, v in entry.items()
        }
    optimizer.load_state_dict({"state": state, "param_groups": full["param_groups"]})


class LearnerWorker:
    """Rank ``rank`` of ``world`` (the Ray actor class is ``ray.remote(LearnerWorker)``).

    ``master``/``port``: the rendezvous (rank 0's node and a free port there). Given, the rank starts at once;
    None, it waits for :meth:`start` (the controller first asks rank 0 where it runs: :meth:`rendezvous`).
    ``critic``: the critic's starting checkpoint (default: the policy's); ``state``: a ``coderl train``
    checkpoint's ``state.pt`` to resume from (its critic and both optimizers); ``reference``: keep a frozen copy
    of the starting policy for the KL penalty, as the single-process trainer does."""

    def __init__(
        self,
        rank: int,
        world: int,
        master: str | None,
        port: int | None,
        policy: str,
        config: PPOConfig,
        *,
        threads: int = 0,
        critic: str | None = None,
        state: str | None = None,
        reference: bool = False,
    ) -> None:
        if threads:
            torch.set_num_threads(threads)
        self.rank, self.world = rank, world
        self._args = (policy, config, critic, state, reference)
        self.sync_group: StatelessGroup | None = None
        self._outgoing: dict[str, torch.Tensor] = {}
        if master is not None and port is not None:
            self.start(master, port)

    def rendezvous(self) -> tuple[str, int]:
        """This rank's node address and a free port on it (asked of rank 0, the group's store host)."""
        from coderl.distributed.weight_sync import free_port

        return where()["ip"], free_port()

    def start(self, master: str, port: int) -> None:
        """Join the default group (FSDP's) and build the sharded policy, critic, optimizers (and resumed state)."""
        from transformers import AutoModelForCausalLM

        from coderl.train.device import torch_dtype

        policy, config, critic_source, state_path, reference = self._args
        os.environ["MASTER_ADDR"], os.environ["MASTER_PORT"] = master, str(port)
        dist.init_process_group("gloo", rank=self.rank, world_size=self.world, timeout=timedelta(seconds=300))
        model: Any = AutoModelForCausalLM.from_pretrained(policy, dtype=torch.float32)
        critic = Critic.from_pretrained(critic_source or policy)
        saved = torch.load(state_path, weights_only=False, map_location="cpu") if state_path else None
        if saved is not None:
            critic.load_state_dict(saved["critic"])
        frozen = copy.deepcopy(model).to(torch_dtype(config.dtype)).eval() if reference else None
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
        self.learner = PPOLearner(self.policy, self.critic, config, frozen)
        if saved is not None:
            load_full_optimizer_state(self.learner.policy_opt, saved["policy_opt"])
            load_full_optimizer_state(self.learner.critic_opt, saved["critic_opt"])

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
        recompute: bool = False,
    ) -> dict[str, float]:
        """Experience (critic values, GAE) and the PPO epochs on ``trajectories``; the minibatch order comes from
        ``seed`` (the same on every rank). ``advantage``: ``make_experience``'s estimator keywords; with
        ``recompute`` the old logprobs come from this policy (``[ppo] old_logprobs = "recompute"``)."""
        with unsharded(self.critic), self.learner.autocast(torch.device("cpu")):
            batch = make_experience(
                trajectories,
                self.critic,
                pad_id=pad_id,
                device="cpu",
                policy=self.policy if recompute else None,
                **advantage,
            )
        self.policy.reshard()
        generator = torch.Generator().manual_seed(seed)
        return self.learner.update(batch, train_policy=train_policy, generator=generator)

    def checksums(self) -> dict[str, float]:
        """Checksums of the full policy and critic weights (all ranks must call this together)."""
        return {"policy": checksum(full_state(self.policy)), "critic": checksum(full_state(self.critic))}

    def policy_state(self, everywhere: bool = True) -> dict[str, torch.Tensor]:
        """The full policy state dict (all ranks must call this together; rank 0's is the one to sync). With
        ``everywhere`` False only rank 0 returns it (the others an empty dict: nothing to ship back)."""
        state = full_state(self.policy)
        return state if everywhere or self.rank == 0 else {}

    def training_state(self) -> dict[str, Any]:
        """What a checkpoint holds besides the policy, gathered whole in the single-process format: the critic's
        state dict and both optimizers' (all ranks call this together; only rank 0 returns it)."""
        out = {
            "critic": full_state(self.critic),
            "policy_opt": full_optimizer_state(self.learner.policy_opt),
            "critic_opt": full_optimizer_state(self.learner.critic_opt),
        }
        return out if self.rank == 0 else {}

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
