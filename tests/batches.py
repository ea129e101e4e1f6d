"""Batch generators and tolerances shared by the op tests (importable: pytest puts tests/ on sys.path)."""

from __future__ import annotations

import torch

MASK_KINDS = ("turns", "random", "all_policy", "none_policy")


def make_mask(gen: torch.Generator, b: int, t: int, kind: str) -> torch.Tensor:
    """A [b, t] bool mask: 'turns' = prompt, then alternating generated / observation spans."""
    if kind == "all_policy":
        return torch.ones(b, t, dtype=torch.bool)
    if kind == "none_policy":
        return torch.zeros(b, t, dtype=torch.bool)
    if kind == "random":
        return torch.rand(b, t, generator=gen) < 0.6
    mask = torch.zeros(b, t, dtype=torch.bool)
    for row in range(b):
        pos = int(torch.randint(0, max(1, t // 4) + 1, (1,), generator=gen))  # prompt
        policy = True
        while pos < t:
            span = int(torch.randint(1, max(2, t // 6) + 1, (1,), generator=gen))
            mask[row, pos : pos + span] = policy
            pos += span
            policy = not policy
        if row % 5 == 4:  # some rows end with padding
            mask[row, t - t // 3 :] = False
    return mask


def make_batch(seed: int, b: int, t: int, kind: str = "turns", dtype: torch.dtype = torch.float32) -> dict:
    gen = torch.Generator().manual_seed(seed)
    rewards = torch.randn(b, t, generator=gen) * 0.5
    # Sparse rewards on some tokens, including skipped ones (credited to the previous policy token).
    rewards = rewards * (torch.rand(b, t, generator=gen) < 0.3)
    values = torch.randn(b, t, generator=gen)
    return {
        "rewards": rewards.to(dtype),
        "values": values.to(dtype),
        "mask": make_mask(gen, b, t, kind),
        "bootstrap": torch.randn(b, generator=gen),
    }


def pack(x: torch.Tensor, lengths: list[int]) -> torch.Tensor:
    """Rows of a padded [B, T, ...] tensor, each cut to its length, concatenated."""
    return torch.cat([x[i, :n] for i, n in enumerate(lengths)]) if lengths else x.reshape(0, *x.shape[2:])


def cu_seqlens(lengths: list[int], dtype: torch.dtype = torch.int64) -> torch.Tensor:
    out = torch.zeros(len(lengths) + 1, dtype=dtype)
    if lengths:
        out[1:] = torch.cumsum(torch.tensor(lengths, dtype=torch.int64), 0).to(dtype)
    return out


def assert_close(actual: torch.Tensor, expected: torch.Tensor, rel: float = 2e-5, what: str = "") -> None:
    """fp32 kernel output against the float64 oracle, scaled by the largest magnitude involved."""
    expected = expected.double()
    actual = actual.double().cpu()
    scale = max(1.0, float(expected.abs().max())) if expected.numel() else 1.0
    err = float((actual - expected).abs().max()) if expected.numel() else 0.0
    assert err <= rel * scale, f"{what}: max abs error {err:.3e} > {rel:.1e} * scale {scale:.3e}"


FLAT_LEVEL = 0.75  # the critic's level in flat-critic batches (its grid below is exact in float32)


def make_flat_critic_batch(seed: int, b: int, t: int, kind: str = "turns", spread: int = 1) -> dict:
    """All policy rewards 1 and a near-flat critic: with gamma = 1 and lam = 0 the advantages
    ``1 - V_t + V_next`` sit near 1 with a spread of ~1e-4, so (mean/std)^2 reaches 1e7-1e8.

    The values lie on a 2^-14 grid around ``FLAT_LEVEL`` (``spread`` steps either way) and the bootstrap
    is ``FLAT_LEVEL``, so every advantage is exact in float32: whatever error a backend shows on these
    batches comes from its whitening, not from the recurrence.
    """
    gen = torch.Generator().manual_seed(seed)
    mask = make_mask(gen, b, t, kind)
    steps = torch.randint(-spread, spread + 1, (b, t), generator=gen).float()
    return {
        "rewards": mask.float(),
        "values": FLAT_LEVEL + steps * 2.0**-14,
        "mask": mask,
        "bootstrap": torch.full((b,), FLAT_LEVEL),
    }
