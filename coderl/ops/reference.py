"""Readable torch references of the advantage ops: the test oracle, in float64.

Written in the textbook form (next value, running advantage, pending reward), independent of the
carried-X formulation the kernels use, so that a mistake in one does not hide in the other.
"""

from __future__ import annotations

import torch
from torch import Tensor

from coderl.ops.inputs import adaptive_lambda


def _pad(x: Tensor, cu_seqlens: Tensor, fill: float | bool) -> Tensor:
    """Packed [N, ...] -> padded [B, max_len, ...] (right padding)."""
    cu = cu_seqlens.tolist()
    rows = [x[cu[i] : cu[i + 1]] for i in range(len(cu) - 1)]
    max_len = max((r.shape[0] for r in rows), default=0)
    out = torch.full((len(rows), max_len, *x.shape[1:]), fill, dtype=x.dtype, device=x.device)
    for i, r in enumerate(rows):
        out[i, : r.shape[0]] = r
    return out


def _unpad(x: Tensor, cu_seqlens: Tensor) -> Tensor:
    cu = cu_seqlens.tolist()
    return torch.cat([x[i, : cu[i + 1] - cu[i]] for i in range(len(cu) - 1)]) if len(cu) > 1 else x.new_zeros(0)


def gae_reference(
    rewards: Tensor,
    values: Tensor,
    mask: Tensor,
    *,
    gamma: float = 1.0,
    lam: float | Tensor | None = None,
    lam_critic: float | Tensor | None = None,
    lam_alpha: float | None = None,
    bootstrap: Tensor | None = None,
    cu_seqlens: Tensor | None = None,
    whiten: bool = False,
    whiten_eps: float = 1e-8,
) -> tuple[Tensor, Tensor]:
    """Token-level GAE with skipped (mask = 0) tokens; float64 advantages and returns, same layout."""
    if cu_seqlens is not None:
        adv, ret = gae_reference(
            _pad(rewards, cu_seqlens, 0.0),
            _pad(values, cu_seqlens, 0.0),
            _pad(mask.bool(), cu_seqlens, False),
            gamma=gamma,
            lam=lam,
            lam_critic=lam_critic,
            lam_alpha=lam_alpha,
            bootstrap=bootstrap,
            whiten=whiten,
            whiten_eps=whiten_eps,
        )
        return _unpad(adv, cu_seqlens), _unpad(ret, cu_seqlens)

    r = rewards.double()
    v = values.double()
    m = mask.bool()
    b, t_len = r.shape
    if lam_alpha is not None:
        lam_p = adaptive_lambda(m.sum(dim=1), lam_alpha).double()
    elif isinstance(lam, Tensor):
        lam_p = lam.double().expand(b)
    else:
        lam_p = torch.full((b,), 1.0 if lam is None else float(lam), dtype=torch.float64)
    if lam_critic is None:
        lam_c = lam_p
    elif isinstance(lam_critic, Tensor):
        lam_c = lam_critic.double().expand(b)
    else:
        lam_c = torch.full((b,), float(lam_critic), dtype=torch.float64)
    next_value = bootstrap.double().clone() if bootstrap is not None else torch.zeros(b, dtype=torch.float64)
    last_adv_p = torch.zeros(b, dtype=torch.float64)
    last_adv_c = torch.zeros(b, dtype=torch.float64)
    pending = torch.zeros(b, dtype=torch.float64)  # rewards on skipped tokens after the current one
    adv = torch.zeros(b, t_len, dtype=torch.float64)
    ret = torch.zeros(b, t_len, dtype=torch.float64)
    for t in reversed(range(t_len)):
        mt = m[:, t]
        delta = r[:, t] + pending + gamma * next_value - v[:, t]
        a_p = delta + gamma * lam_p * last_adv_p
        a_c = delta + gamma * lam_c * last_adv_c
        adv[:, t] = torch.where(mt, a_p, 0.0)
        ret[:, t] = torch.where(mt, a_c + v[:, t], 0.0)
        last_adv_p = torch.where(mt, a_p, last_adv_p)
        last_adv_c = torch.where(mt, a_c, last_adv_c)
        next_value = torch.where(mt, v[:, t], next_value)
        pending = torch.where(mt, 0.0, pending + r[:, t])
    if whiten:
        adv = masked_whiten_reference(adv, m, whiten_eps)
    return adv, ret


def masked_whiten_reference(x: Tensor, mask: Tensor, eps: float = 1e-8) -> Tensor:
    """(x - mean) / sqrt(unbiased var + eps) over the masked entries; 0 elsewhere."""
    m = mask.bool()
    n = int(m.sum())
    if n == 0:
        return torch.where(m, x, 0.0)
    vals = x[m].double()
    mean = vals.mean()
    var = vals.var(unbiased=True) if n > 1 else torch.zeros((), dtype=torch.float64)
    return torch.where(m, (x.double() - mean) * torch.rsqrt(var + eps), 0.0)


def value_head_reference(hidden: Tensor, weight: Tensor, bias: float | Tensor | None) -> Tensor:
    """Per-token values ``hidden @ w + b`` in float64."""
    w = weight.reshape(-1).double()
    out = hidden.double() @ w
    if bias is not None:
        out = out + (bias.double().reshape(()) if isinstance(bias, Tensor) else float(bias))
    return out
