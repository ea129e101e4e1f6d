"""Peer implementations run side by side with coderl in the benchmarks (our own code, written in their style)."""

from __future__ import annotations

import torch
from torch import Tensor


def verl_style_gae(rewards: Tensor, values: Tensor, mask: Tensor, gamma: float, lam: float) -> tuple[Tensor, Tensor]:
    """A per-timestep torch loop over [B, T] as verl's ``compute_gae_advantage_return`` does it.

    One Python iteration per token column with a handful of [B]-sized torch ops each; observation
    tokens are skipped by blending with the mask (the multi-turn variant), then the advantages are
    whitened over the mask.
    """
    with torch.no_grad():
        m = mask.to(values.dtype)
        steps = rewards.shape[1]
        next_value = torch.zeros_like(values[:, 0])
        running = torch.zeros_like(values[:, 0])
        columns = []
        for t in range(steps - 1, -1, -1):
            td = rewards[:, t] + gamma * next_value - values[:, t]
            candidate = td + gamma * lam * running
            keep = m[:, t]
            running = keep * candidate + (1.0 - keep) * running
            next_value = keep * values[:, t] + (1.0 - keep) * next_value
            columns.append(running)
        advantages = torch.stack(columns[::-1], dim=1)
        returns = advantages + values
        mean = (advantages * m).sum() / m.sum()
        var = (((advantages - mean) ** 2) * m).sum() / (m.sum() - 1)
        advantages = (advantages - mean) * torch.rsqrt(var + 1e-8) * m
    return advantages, returns
