"""PPO's loss functions on token tensors ``[B, T]`` with a mask of the policy's tokens.

Pure functions, no state: the clipped surrogate with separate low/high clip ranges (clip-higher) and
optional dual clip, the clipped value loss, entropy, KL estimators, and the token-level aggregation
modes. Every function returns the scalar loss and the statistics a training log needs.
"""

from __future__ import annotations

from typing import Literal

import torch

__all__ = ["aggregate", "entropy_from_logits", "kl_estimate", "policy_loss", "value_loss"]

Aggregation = Literal["token-mean", "seq-mean-token-mean", "seq-mean-token-sum", "constant"]


def aggregate(
    values: torch.Tensor, mask: torch.Tensor, mode: Aggregation = "token-mean", constant: float = 1.0
) -> torch.Tensor:
    """Reduce per-token values to a scalar.

    ``token-mean``: mean over every policy token of the batch (long trajectories weigh more);
    ``seq-mean-token-mean``: per-sequence mean, averaged over sequences (every trajectory weighs the
    same, so a few long degenerate ones cannot dominate the update);
    ``seq-mean-token-sum``: per-sequence sum, averaged over sequences; ``constant``: sum over the
    batch divided by ``constant`` (e.g. the generation budget, as in Dr. GRPO), no length bias.
    """
    m = mask.to(values.dtype)
    if mode == "token-mean":
        return (values * m).sum() / m.sum().clamp_min(1.0)
    if mode == "seq-mean-token-mean":
        tokens = m.sum(-1)
        rows = (tokens > 0).to(values.dtype)
        per_row = (values * m).sum(-1) / tokens.clamp_min(1.0)
        return (per_row * rows).sum() / rows.sum().clamp_min(1.0)
    if mode == "seq-mean-token-sum":
        rows = (m.sum(-1) > 0).to(values.dtype)
        return (values * m).sum(-1).sum() / rows.sum().clamp_min(1.0)
    if mode == "constant":
        if constant <= 0:
            raise ValueError(f"constant normalizer must be positive, got {constant}")
        return (values * m).sum() / constant
    raise ValueError(f"unknown aggregation {mode!r}")


def policy_loss(
    logprobs: torch.Tensor,
    old_logprobs: torch.Tensor,
    advantages: torch.Tensor,
    mask: torch.Tensor,
    *,
    clip_low: float = 0.2,
    clip_high: float = 0.28,
    dual_clip: float | None = None,
    aggregation: Aggregation = "token-mean",
    constant: float = 1.0,
) -> tuple[torch.Tensor, dict[str, float]]:
    """Clipped surrogate ``-min(r A, clip(r, 1-low, 1+high) A)``; with ``dual_clip`` = c > 1, the loss of
    a negative-advantage token is also capped at ``-c A`` (the ratio cannot blow it up)."""
    ratio = torch.exp(logprobs - old_logprobs)
    unclipped = -advantages * ratio
    clipped = -advantages * torch.clamp(ratio, 1.0 - clip_low, 1.0 + clip_high)
    loss = torch.maximum(unclipped, clipped)
    if dual_clip is not None:
        if dual_clip <= 1.0:
            raise ValueError(f"dual_clip must be > 1, got {dual_clip}")
        capped = torch.minimum(loss, -advantages * dual_clip)
        loss = torch.where(advantages < 0, capped, loss)
    m = mask.bool()
    with torch.no_grad():
        n = m.sum().clamp_min(1)
        stats = {
            "clip_fraction": float(((clipped > unclipped) & m).sum() / n),
            "ratio_mean": float((ratio * m).sum() / n),
            "approx_kl": float(((old_logprobs - logprobs) * m).sum() / n),
            # KL(old || new) by the k3 estimator, >= 0 and low-variance: what target_kl early stopping reads
            "kl_k3": float((((ratio - 1.0) - (logprobs - old_logprobs)) * m).sum() / n),
        }
    return aggregate(loss, mask, aggregation, constant), stats


def value_loss(
    values: torch.Tensor,
    old_values: torch.Tensor,
    returns: torch.Tensor,
    mask: torch.Tensor,
    *,
    clip: float | None = 0.2,
    aggregation: Aggregation = "token-mean",
    constant: float = 1.0,
) -> tuple[torch.Tensor, dict[str, float]]:
    """``0.5 (V - R)^2``, with clipping ``max((V - R)^2, (clip(V, V_old ± c) - R)^2)`` when ``clip`` is set."""
    err = (values - returns) ** 2
    if clip is not None:
        clipped_values = old_values + torch.clamp(values - old_values, -clip, clip)
        err = torch.maximum(err, (clipped_values - returns) ** 2)
    m = mask.bool()
    with torch.no_grad():
        n = m.sum().clamp_min(1)
        var = returns[m].var(unbiased=False) if m.sum() > 1 else torch.tensor(0.0)
        residual = (returns - values)[m].var(unbiased=False) if m.sum() > 1 else torch.tensor(0.0)
        stats = {
            "value_mean": float((values * m).sum() / n),
            "explained_variance": float(1.0 - residual / var) if var > 0 else 0.0,
        }
    return 0.5 * aggregate(err, mask, aggregation, constant), stats


def entropy_from_logits(logits: torch.Tensor) -> torch.Tensor:
    """Per-token entropy of the categorical distribution given by ``logits`` ``[..., V]``."""
    logp = torch.log_softmax(logits.float(), dim=-1)
    return -(logp.exp() * logp).sum(-1)


def kl_estimate(logprobs: torch.Tensor, ref_logprobs: torch.Tensor, kind: Literal["k1", "k3"] = "k3") -> torch.Tensor:
    """Per-token KL(policy || reference) estimate from sampled tokens: ``k1 = log p - log q`` (unbiased,
    can be negative) or ``k3 = (q/p - 1) - log(q/p)`` (unbiased, non-negative, lower variance)."""
    if kind == "k1":
        return logprobs - ref_logprobs
    if kind == "k3":
        log_ratio = ref_logprobs - logprobs
        return torch.exp(log_ratio) - 1.0 - log_ratio
    raise ValueError(f"unknown KL estimator {kind!r}")
