"""The PPO update: policy and critic as separate networks with separate optimizers, several epochs
over minibatches, gradient accumulation and clipping; value pretraining trains the critic alone."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

import torch
from torch import nn

from coderl.learner.critic import Critic
from coderl.learner.experience import Batch
from coderl.learner.logprobs import action_logprobs, token_logprobs
from coderl.learner.losses import Aggregation, kl_estimate, policy_loss, value_loss

__all__ = ["DataParallel", "PPOConfig", "PPOLearner", "token_logprobs"]

# Statistics that are a minibatch's aggregated losses (weighted across ranks by the loss normalizer's share);
# every other statistic is a mean over policy tokens (weighted by the tokens' share).
_LOSS_STATS = frozenset({"policy_loss", "value_loss"})


@dataclass(frozen=True)
class PPOConfig:
    """Update hyper-parameters (defaults suit small models; clip-higher as in DAPO/VAPO)."""

    policy_lr: float = 1e-5
    critic_lr: float = 5e-5
    epochs: int = 2
    minibatch_size: int = 8
    grad_accumulation: int = 1
    clip_low: float = 0.2
    clip_high: float = 0.28
    dual_clip: float | None = None
    value_clip: float | None = 0.2
    entropy_coef: float = 0.0
    kl_coef: float = 0.0
    kl_kind: Literal["k1", "k3"] = "k3"
    aggregation: Aggregation = "token-mean"
    aggregation_constant: float = 1.0
    max_grad_norm: float = 1.0
    target_kl: float | None = None  # stop the policy's epochs once KL(old || new) passes 1.5x this
    temperature: float = 1.0  # the rollouts' sampling temperature: logprobs of the distribution that was sampled
    old_logprobs: Literal["engine", "recompute"] = "engine"  # the engine's sampling logprobs, or the learner's
    bf16_autocast: bool = False  # CUDA only: forward passes under bfloat16 autocast (parameters stay as they are)
    gradient_checkpointing: bool = False  # recompute activations in backward (less memory, about 1/3 more compute)
    # The precision the learner computes in. "bfloat16" is mixed precision: float32 parameters, gradients and
    # AdamW states, every forward and backward under bfloat16 autocast (on any device); the frozen reference and
    # the rollout engine hold bfloat16 weights. Parameters themselves in bfloat16 would lose every AdamW update
    # below ~1/256 of a weight (an lr of 1e-6 would change nothing).
    dtype: Literal["float32", "bfloat16"] = "float32"

    def __post_init__(self) -> None:
        for name in (
            "policy_lr",
            "critic_lr",
            "epochs",
            "minibatch_size",
            "grad_accumulation",
            "max_grad_norm",
            "temperature",
        ):
            if getattr(self, name) <= 0:
                raise ValueError(f"ppo {name}={getattr(self, name)!r} must be positive")
        if self.target_kl is not None and self.target_kl <= 0:
            raise ValueError(f"ppo target_kl={self.target_kl!r} must be positive (or left out)")
        if self.old_logprobs not in ("engine", "recompute"):
            raise ValueError(f"ppo old_logprobs={self.old_logprobs!r} must be 'engine' or 'recompute'")
        if self.dtype not in ("float32", "bfloat16"):
            raise ValueError(f"ppo dtype={self.dtype!r} must be 'float32' or 'bfloat16'")
        if not 0 <= self.clip_low < 1 or self.clip_high < 0:
            raise ValueError("ppo clip_low must be in [0, 1) and clip_high >= 0")


@dataclass(frozen=True)
class DataParallel:
    """This learner's place among ``world`` data-parallel ranks whose gradients are averaged (FSDP2's
    reduce-scatter), every rank holding the whole batch.

    Each rank runs the forward and backward of its share of every minibatch's rows (``index[rank::world]``;
    a rank whose share is empty runs one row with weight 0, so that every rank runs the same collectives) and
    scales its loss by its share of the minibatch's normalizer (policy tokens, rows or the constant) times
    ``world``: the average of the ranks' gradients is then the gradient of the whole minibatch's loss, as one
    process computes it. Statistics are summed over ranks (``all_reduce``: an in-place sum of a float64
    tensor over the ranks), each weighted by its share, so every rank sees the same figures and takes the same
    ``target_kl`` decision; ``explained_variance`` is the token-weighted mean of the ranks' (not exact)."""

    rank: int
    world: int
    all_reduce: Callable[[torch.Tensor], None]

    def share(self, index: torch.Tensor) -> tuple[torch.Tensor, bool]:
        """This rank's rows of a minibatch's ``index``, and whether they are real (else one row, weight 0)."""
        mine = index[self.rank :: self.world]
        return (mine, True) if len(mine) else (index[:1], False)

    def reduce(self, stats: dict[str, float], loss_share: float, token_share: float) -> dict[str, float]:
        """The minibatch's statistics from every rank's (the same keys, in the same order, on every rank)."""
        keys = sorted(stats)
        weights = [loss_share if k in _LOSS_STATS else token_share for k in keys]
        vec = torch.tensor([stats[k] * w for k, w in zip(keys, weights, strict=True)], dtype=torch.float64)
        self.all_reduce(vec)
        return {k: float(v) for k, v in zip(keys, vec.tolist(), strict=True)}


def _shares(cfg: PPOConfig, mine: torch.Tensor, whole: torch.Tensor) -> tuple[float, float]:
    """(loss normalizer share, policy-token share) of a rank's rows ``mine`` within the minibatch ``whole``
    (action masks)."""
    tokens = float(mine.sum()) / max(float(whole.sum()), 1.0)
    if cfg.aggregation == "token-mean":
        return tokens, tokens
    if cfg.aggregation in ("seq-mean-token-mean", "seq-mean-token-sum"):
        rows = float((mine.sum(-1) > 0).sum()) / max(float((whole.sum(-1) > 0).sum()), 1.0)
        return rows, tokens
    return 1.0, tokens  # "constant": every rank's sum over the same constant (the ranks' losses add up)


class PPOLearner:
    """Holds the policy, the critic, an optional frozen reference, and their optimizers."""

    def __init__(
        self, policy: nn.Module, critic: Critic, config: PPOConfig | None = None, reference: nn.Module | None = None
    ) -> None:
        self.policy = policy
        self.critic = critic
        self.reference = reference
        self.config = config or PPOConfig()
        self.policy_opt = torch.optim.AdamW(policy.parameters(), lr=self.config.policy_lr, weight_decay=0.0)
        self.critic_opt = torch.optim.AdamW(critic.parameters(), lr=self.config.critic_lr, weight_decay=0.0)
        if self.config.gradient_checkpointing:
            for model in (policy, critic.backbone):
                enable = getattr(model, "gradient_checkpointing_enable", None)
                if enable is not None:
                    enable(gradient_checkpointing_kwargs={"use_reentrant": False})
                    settings: Any = getattr(model, "config", None)
                    if settings is not None:
                        settings.use_cache = False
                    model.train()  # transformers checkpoints only in training mode (dropout-free models: no change)

    def autocast(self, device: torch.device) -> contextlib.AbstractContextManager[None]:
        """The precision context of the learner's forward passes on ``device`` (experience uses it too, so that
        recomputed old logprobs and values match the update's): bfloat16 autocast with ``dtype = "bfloat16"``
        (any device) or ``bf16_autocast`` (CUDA); else nothing."""
        if self.config.dtype == "bfloat16" or (self.config.bf16_autocast and device.type == "cuda"):
            return torch.autocast(device.type, dtype=torch.bfloat16)
        return contextlib.nullcontext()

    def _minibatches(self, n: int, generator: torch.Generator | None) -> list[torch.Tensor]:
        order = torch.randperm(n, generator=generator)
        size = self.config.minibatch_size
        return [order[i : i + size] for i in range(0, n, size)]

    def _critic_step(self, mb: Batch) -> tuple[torch.Tensor, dict[str, float]]:
        values = self.critic(mb.input_ids, mb.attention_mask.long())[:, :-1]
        return value_loss(
            values,
            mb.old_values,
            mb.returns,
            mb.action_mask,
            clip=self.config.value_clip,
            aggregation=self.config.aggregation,
            constant=self.config.aggregation_constant,
        )

    def update(
        self,
        batch: Batch,
        *,
        train_policy: bool = True,
        generator: torch.Generator | None = None,
        parallel: DataParallel | None = None,
    ) -> dict[str, float]:
        """Epochs of minibatch updates; returns the mean of each statistic. With ``parallel`` this rank trains on
        its share of every minibatch (see :class:`DataParallel`); the minibatches themselves (``generator``) must
        be the same on every rank."""
        cfg = self.config
        sums: dict[str, float] = {}
        counts: dict[str, int] = {}
        device = batch.input_ids.device
        policy_on = train_policy  # off once the policy has moved target_kl away from the sampling policy
        policy_steps, stopped_early = 0, False
        for _ in range(cfg.epochs):
            minibatches = self._minibatches(len(batch), generator)
            for step, index in enumerate(minibatches):
                loss_share, token_share, world = 1.0, 1.0, 1
                if parallel is not None:
                    rows, real = parallel.share(index)
                    loss_share, token_share = _shares(cfg, batch.action_mask[rows], batch.action_mask[index])
                    if not real:
                        loss_share = token_share = 0.0
                    index, world = rows, parallel.world
                mb = batch.select(index)
                stats: dict[str, float] = {}
                with self.autocast(device):
                    if policy_on:
                        logp, entropy = action_logprobs(
                            self.policy, mb.input_ids, mb.attention_mask, mb.action_mask, cfg.temperature
                        )
                        loss, pstats = policy_loss(
                            logp,
                            mb.old_logprobs,
                            mb.advantages,
                            mb.action_mask,
                            clip_low=cfg.clip_low,
                            clip_high=cfg.clip_high,
                            dual_clip=cfg.dual_clip,
                            aggregation=cfg.aggregation,
                            constant=cfg.aggregation_constant,
                        )
                        pstats = dict(pstats, policy_loss=float(loss.detach()))
                        loss = loss * (loss_share * world)
                        m = mb.action_mask.float()
                        pstats["entropy"] = float((entropy.detach() * m).sum() / m.sum().clamp_min(1))
                        if cfg.entropy_coef:
                            ent = (entropy * m).sum() / m.sum().clamp_min(1)
                            loss = loss - cfg.entropy_coef * ent * (token_share * world)
                        if cfg.kl_coef and self.reference is not None:
                            with torch.no_grad():
                                ref_logp, _ = action_logprobs(
                                    self.reference, mb.input_ids, mb.attention_mask, mb.action_mask, cfg.temperature
                                )
                            kl = kl_estimate(logp, ref_logp, cfg.kl_kind)
                            kl_mean = (kl * m).sum() / m.sum().clamp_min(1)
                            loss = loss + cfg.kl_coef * kl_mean * (token_share * world)
                            pstats["kl"] = float(kl_mean.detach())
                        if parallel is not None:  # every rank the same figures, so the same target_kl decision
                            pstats = parallel.reduce(pstats, loss_share, token_share)
                        stats.update(pstats)
                        if cfg.target_kl is not None and pstats["kl_k3"] > 1.5 * cfg.target_kl:
                            policy_on, stopped_early = False, True  # the rest trains the critic only
                            self.policy_opt.zero_grad(set_to_none=True)
                        else:
                            (loss / cfg.grad_accumulation).backward()
                    vloss, vstats = self._critic_step(mb)
                    (vloss * (loss_share * world) / cfg.grad_accumulation).backward()
                vstats = dict(vstats, value_loss=float(vloss.detach()))
                if parallel is not None:
                    vstats = parallel.reduce(vstats, loss_share, token_share)
                stats.update(vstats)
                last = step == len(minibatches) - 1
                if (step + 1) % cfg.grad_accumulation == 0 or last:
                    if policy_on:
                        stats["policy_grad_norm"] = float(
                            nn.utils.clip_grad_norm_(self.policy.parameters(), cfg.max_grad_norm)
                        )
                        self.policy_opt.step()
                        policy_steps += 1
                    self.policy_opt.zero_grad(set_to_none=True)
                    stats["critic_grad_norm"] = float(
                        nn.utils.clip_grad_norm_(self.critic.parameters(), cfg.max_grad_norm)
                    )
                    self.critic_opt.step()
                    self.critic_opt.zero_grad(set_to_none=True)
                for k, v in stats.items():
                    sums[k] = sums.get(k, 0.0) + v
                    counts[k] = counts.get(k, 0) + 1
        out = {k: v / counts[k] for k, v in sums.items()}
        if train_policy:
            out["policy_steps"] = float(policy_steps)
            out["kl_early_stop"] = float(stopped_early)
        return out

    def pretrain_value(self, batch: Batch, steps: int, generator: torch.Generator | None = None) -> list[float]:
        """Critic-only updates (the policy is untouched); returns the value loss of each step."""
        losses = []
        for _ in range(steps):
            stats = self.update(batch, train_policy=False, generator=generator)
            losses.append(stats["value_loss"])
        return losses
