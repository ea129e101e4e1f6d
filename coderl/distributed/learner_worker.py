"""LearnerWorker: one rank of the learner, the policy and the critic under FSDP2 (``fully_shard``; gloo on CPU).

Each rank holds a shard of every parameter, gradient and AdamW state (so a model too large for one device's
memory trains across several); a forward or backward gathers a layer's full weights for the moment it runs.

The rows are split across ranks. Experience: rank ``r`` runs the critic (and, with recomputed old logprobs,
the policy) and ``value_gae`` on trajectories ``r, r + N, ...`` only; the advantage whitening's sums cross
ranks, then the per-token results (a few floats a token, against a forward pass a token) are gathered so that
every rank holds the whole batch. Update: every rank draws the same minibatches and runs its share of each
minibatch's rows with its loss scaled by its share of the normalizer (:class:`~coderl.learner.ppo.DataParallel`),
so FSDP's gradient average is the whole minibatch's gradient and N ranks give the single-process update (up to
float summation order). Every rank runs the same number of forward passes (a rank short of rows repeats one
with weight 0): FSDP's collectives must pair up.

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
from coderl.learner.experience import Batch, collate, grpo_advantages, make_experience
from coderl.learner.ppo import DataParallel, PPOConfig, PPOLearner
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


def _all_reduce(tensor: torch.Tensor) -> None:
    dist.all_reduce(tensor, op=dist.ReduceOp.SUM)


def _whiten_across_ranks(adv: torch.Tensor, mask: torch.Tensor, real: int, eps: float = 1e-8) -> torch.Tensor:
    """Advantages whitened over every rank's policy tokens (the first ``real`` rows are this rank's own; the
    rest repeat one for an equal forward count): only the count, sum and sum of squares cross ranks. The
    statistics are those of ``value_gae(..., whiten=True)`` on one process: mean and unbiased variance."""
    m = mask[:real].bool()
    vals = adv[:real][m].double()
    sums = torch.tensor([float(vals.numel()), float(vals.sum()), float((vals * vals).sum())], dtype=torch.float64)
    _all_reduce(sums)
    count, total, squares = sums.tolist()
    if count == 0:
        return adv * mask
    mean = total / count
    var = max(squares - count * mean * mean, 0.0) / (count - 1) if count > 1 else 0.0
    out = (adv.double() - mean) * (var + eps) ** -0.5
    return torch.where(mask.bool(), out, 0.0).to(adv.dtype)


def _gather_rows(local: torch.Tensor, width: int, n: int, world: int) -> torch.Tensor:
    """Every rank's rows of a ``[rows, T_rank]`` tensor (rank ``r`` holds trajectories ``r, r + world, ...``
    first, then repeats), right-padded to ``width`` with zeros, in trajectory order: ``[n, width]``."""
    padded = torch.zeros((local.shape[0], width), dtype=local.dtype)
    padded[:, : local.shape[1]] = local[:, :width]
    parts = [torch.empty_like(padded) for _ in range(world)]
    dist.all_gather(parts, padded.contiguous())
    out = torch.zeros((n, width), dtype=local.dtype)
    for r, part in enumerate(parts):
        own = len(range(r, n, world))
        out[r::world] = part[:own]
    return out


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
        batch = self.experience(trajectories, pad_id=pad_id, advantage=advantage, recompute=recompute)
        generator = torch.Generator().manual_seed(seed)
        parallel = DataParallel(self.rank, self.world, _all_reduce) if self.world > 1 else None
        return self.learner.update(batch, train_policy=train_policy, generator=generator, parallel=parallel)

    def experience(
        self, trajectories: Sequence[Trajectory], *, pad_id: int, advantage: dict[str, Any], recompute: bool = False
    ) -> Batch:
        """The whole batch on every rank, each rank having run the forward passes and ``value_gae`` of its own
        rows only (trajectories ``rank, rank + world, ...``; the module docstring says what crosses ranks)."""
        n, world = len(trajectories), self.world
        mine = list(range(self.rank, n, world))
        per_rank = -(-n // world)
        rows = mine + [mine[0] if mine else 0] * (per_rank - len(mine))  # the same number of forwards on every rank
        options = dict(advantage)
        whiten = bool(options.pop("whiten", False)) and options.get("estimator", "gae") == "gae"
        with unsharded(self.critic), self.learner.autocast(torch.device("cpu")):
            local = make_experience(
                [trajectories[i] for i in rows],
                self.critic,
                pad_id=pad_id,
                device="cpu",
                policy=self.policy if recompute else None,
                whiten=False,
                **options,
            )
        self.policy.reshard()
        whole = collate(trajectories, pad_id)
        width = whole["action_mask"].shape[1]
        real = len(mine)
        if whiten:
            local.advantages = _whiten_across_ranks(local.advantages, local.action_mask, real)
        names = ["advantages", "returns", "old_values"] + (["old_logprobs"] if recompute else [])
        gathered = {name: _gather_rows(getattr(local, name), width, n, world) for name in names}
        advantages = gathered["advantages"]
        if options.get("estimator", "gae") == "grpo":
            advantages = grpo_advantages(trajectories, whole["action_mask"])  # groups span ranks: from the rewards
        return Batch(
            input_ids=whole["input_ids"],
            attention_mask=whole["attention_mask"],
            action_mask=whole["action_mask"],
            old_logprobs=gathered.get("old_logprobs", whole["old_logprobs"]),
            rewards=whole["rewards"],
            advantages=advantages,
            returns=gathered["returns"],
            old_values=gathered["old_values"],
            task_ids=[t.task_id for t in trajectories],
        )

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
