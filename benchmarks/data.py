"""Synthetic multi-turn batches for the benchmarks: a prompt, then alternating generated and observation spans."""

from __future__ import annotations

import torch


def turn_batch(b: int, t: int, seed: int = 0, device: str = "cpu", dtype: torch.dtype = torch.float32) -> dict:
    """[b, t] rewards (one terminal reward on each row's last policy token), values and interior masks."""
    gen = torch.Generator().manual_seed(seed)
    mask = torch.zeros(b, t, dtype=torch.bool)
    for row in range(b):
        pos = int(torch.randint(16, max(17, t // 8), (1,), generator=gen))
        policy = True
        end = t - int(torch.randint(0, max(1, t // 8), (1,), generator=gen))  # right padding
        while pos < end:
            span = int(torch.randint(16, 400 if policy else 800, (1,), generator=gen))
            mask[row, pos : min(pos + span, end)] = policy
            pos += span
            policy = not policy
    rewards = torch.zeros(b, t)
    last = t - 1 - mask.flip(1).int().argmax(dim=1)
    has_policy = mask.any(dim=1)
    rewards[has_policy, last[has_policy]] = (torch.rand(int(has_policy.sum()), generator=gen) < 0.5).float()
    values = torch.randn(b, t, generator=gen) * 0.1
    return {
        "rewards": rewards.to(device=device, dtype=dtype),
        "values": values.to(device=device, dtype=dtype),
        "mask": mask.to(device),
    }
