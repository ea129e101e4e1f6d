"""Validation of the inputs shared by the advantage ops: clear errors, never a silent copy.

Every check names the argument at fault. Tensors are checked, not converted: a wrong dtype,
device or layout raises, because a silent ``.contiguous()`` or ``.to()`` of a [B, T] tensor on the
hot path costs more than the op itself. Only per-row scalars (lambda, bootstrap) are normalized.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import torch
from torch import Tensor

FLOAT_DTYPES = (torch.float32, torch.bfloat16, torch.float16)
MASK_DTYPES = (torch.bool, torch.uint8)
OFFSET_DTYPES = (torch.int32, torch.int64)


@dataclass(frozen=True)
class Rows:
    """How tokens are grouped into trajectories: padded ``[B, T]`` or packed with ``cu_seqlens``."""

    num_rows: int
    row_len: int  # T for the padded layout, 0 when packed
    max_len: int
    cu_seqlens: Tensor | None  # int64, contiguous, [B + 1], when packed

    @property
    def packed(self) -> bool:
        return self.cu_seqlens is not None


@dataclass(frozen=True)
class GAEParams:
    """Validated scalar and per-row parameters of a GAE call."""

    gamma: float
    lam: float  # scalar policy lambda (used when lam_rows is None and lam_alpha is None)
    lam_rows: Tensor | None  # float32 [B]
    lam_alpha: float | None  # length-adaptive policy lambda
    decoupled: bool
    lam_critic: float
    lam_critic_rows: Tensor | None
    bootstrap: Tensor | None  # float32 [B]
    whiten: bool
    whiten_eps: float


def check_float_tensor(name: str, t: object) -> Tensor:
    if not isinstance(t, Tensor):
        raise TypeError(f"{name} must be a torch.Tensor, got {type(t).__name__}")
    if t.dtype not in FLOAT_DTYPES:
        raise TypeError(f"{name} must be float32, bfloat16 or float16, got {t.dtype}")
    return t


def check_mask(mask: object) -> Tensor:
    if not isinstance(mask, Tensor):
        raise TypeError(f"mask must be a torch.Tensor, got {type(mask).__name__}")
    if mask.dtype not in MASK_DTYPES:
        raise TypeError(
            f"mask must be torch.bool or torch.uint8 (1 = policy token), got {mask.dtype}; pass mask.bool()"
        )
    return mask


def check_same(name: str, t: Tensor, ref: Tensor, shape: tuple[int, ...] | torch.Size) -> None:
    if t.device != ref.device:
        raise ValueError(f"{name} is on {t.device} but rewards is on {ref.device}")
    if tuple(t.shape) != tuple(shape):
        raise ValueError(f"{name} has shape {tuple(t.shape)}, expected {tuple(shape)}")
    if not t.is_contiguous():
        raise ValueError(f"{name} must be contiguous (call .contiguous() once, outside the hot loop)")


def resolve_rows(rewards: Tensor, cu_seqlens: Tensor | None) -> Rows:
    """Infer the layout from ``rewards`` ([B, T] padded, or [N] packed with ``cu_seqlens``)."""
    if cu_seqlens is None:
        if rewards.dim() != 2:
            raise ValueError(
                f"rewards must be 2-D [B, T] (or 1-D [N] with cu_seqlens), got shape {tuple(rewards.shape)}"
            )
        b, t = rewards.shape
        return Rows(num_rows=b, row_len=t, max_len=t, cu_seqlens=None)
    if not isinstance(cu_seqlens, Tensor):
        raise TypeError(f"cu_seqlens must be a torch.Tensor, got {type(cu_seqlens).__name__}")
    if cu_seqlens.dtype not in OFFSET_DTYPES:
        raise TypeError(f"cu_seqlens must be int32 or int64, got {cu_seqlens.dtype}")
    if cu_seqlens.dim() != 1 or cu_seqlens.numel() < 1:
        raise ValueError(f"cu_seqlens must be 1-D with B + 1 >= 1 entries, got shape {tuple(cu_seqlens.shape)}")
    if rewards.dim() != 1:
        raise ValueError(f"with cu_seqlens, rewards must be 1-D [N], got shape {tuple(rewards.shape)}")
    if cu_seqlens.device != rewards.device:
        raise ValueError(f"cu_seqlens is on {cu_seqlens.device} but rewards is on {rewards.device}")
    cu = cu_seqlens.to(torch.int64).contiguous()  # [B + 1]: tiny
    lengths = cu[1:] - cu[:-1]
    first, last = int(cu[0]), int(cu[-1])
    if first != 0 or last != rewards.numel():
        raise ValueError(f"cu_seqlens must start at 0 and end at N={rewards.numel()}, got {first} .. {last}")
    if lengths.numel() and bool((lengths < 0).any()):
        raise ValueError("cu_seqlens must be non-decreasing")
    max_len = int(lengths.max()) if lengths.numel() else 0
    return Rows(num_rows=cu.numel() - 1, row_len=0, max_len=max_len, cu_seqlens=cu)


def _check_unit(name: str, value: float) -> float:
    value = float(value)
    if not (math.isfinite(value) and 0.0 <= value <= 1.0):
        raise ValueError(f"{name} must lie in [0, 1], got {value}")
    return value


def _per_row(name: str, value: Tensor, rows: Rows, device: torch.device, unit: bool) -> Tensor:
    if value.dim() == 0:
        value = value.reshape(1).expand(rows.num_rows)
    if value.dim() != 1 or value.numel() != rows.num_rows:
        raise ValueError(
            f"{name} must be a scalar or have one entry per row ({rows.num_rows}), got {tuple(value.shape)}"
        )
    if value.device != device:
        raise ValueError(f"{name} is on {value.device} but rewards is on {device}")
    out = value.detach().to(torch.float32).contiguous()
    if out.numel():
        if not bool(torch.isfinite(out).all()):
            raise ValueError(f"{name} must be finite")
        if unit and bool(((out < 0) | (out > 1)).any()):
            raise ValueError(f"{name} must lie in [0, 1]")
    return out


def resolve_params(
    rows: Rows,
    device: torch.device,
    *,
    gamma: float,
    lam: float | Tensor | None,
    lam_critic: float | Tensor | None,
    lam_alpha: float | None,
    bootstrap: Tensor | None,
    whiten: bool,
    whiten_eps: float,
) -> GAEParams:
    gamma = _check_unit("gamma", gamma)
    if lam_alpha is not None:
        if lam is not None:
            raise ValueError("pass either lam or lam_alpha (length-adaptive lambda), not both")
        lam_alpha = float(lam_alpha)
        if not (math.isfinite(lam_alpha) and lam_alpha > 0):
            raise ValueError(f"lam_alpha must be > 0, got {lam_alpha}")
    lam_scalar, lam_rows = 1.0, None
    if isinstance(lam, Tensor):
        lam_rows = _per_row("lam", lam, rows, device, unit=True)
    elif lam is not None:
        lam_scalar = _check_unit("lam", lam)
    decoupled = lam_critic is not None
    lam_critic_scalar, lam_critic_rows = 1.0, None
    if isinstance(lam_critic, Tensor):
        lam_critic_rows = _per_row("lam_critic", lam_critic, rows, device, unit=True)
    elif lam_critic is not None:
        lam_critic_scalar = _check_unit("lam_critic", lam_critic)
    boot = None
    if bootstrap is not None:
        if not isinstance(bootstrap, Tensor):
            raise TypeError(f"bootstrap must be a torch.Tensor, got {type(bootstrap).__name__}")
        boot = _per_row("bootstrap", bootstrap, rows, device, unit=False)
    whiten_eps = float(whiten_eps)
    if not whiten_eps >= 0:
        raise ValueError(f"whiten_eps must be >= 0, got {whiten_eps}")
    return GAEParams(
        gamma=gamma,
        lam=lam_scalar,
        lam_rows=lam_rows,
        lam_alpha=lam_alpha,
        decoupled=decoupled,
        lam_critic=lam_critic_scalar,
        lam_critic_rows=lam_critic_rows,
        bootstrap=boot,
        whiten=bool(whiten),
        whiten_eps=whiten_eps,
    )


def policy_tokens_per_row(mask: Tensor, rows: Rows) -> Tensor:
    """Number of policy tokens in each row (int64 [B])."""
    if not rows.packed:
        return mask.reshape(rows.num_rows, -1).sum(dim=1, dtype=torch.int64)
    assert rows.cu_seqlens is not None
    csum = torch.zeros(mask.numel() + 1, dtype=torch.int64, device=mask.device)
    torch.cumsum(mask.reshape(-1).to(torch.int64), 0, out=csum[1:])
    return csum[rows.cu_seqlens[1:]] - csum[rows.cu_seqlens[:-1]]


def adaptive_lambda(policy_tokens: Tensor, alpha: float) -> Tensor:
    """VAPO's length-adaptive lambda ``1 - 1 / (alpha * l)``, clamped to [0, 1] (0 for empty rows)."""
    n = policy_tokens.to(torch.float64)
    lam = 1.0 - 1.0 / (alpha * n.clamp_min(1.0))
    lam = torch.where(n > 0, lam, torch.zeros_like(lam))
    return lam.clamp(0.0, 1.0).to(torch.float32)


def lambda_rows(params: GAEParams, mask: Tensor, rows: Rows) -> tuple[Tensor, Tensor]:
    """Per-row policy and critic lambdas as float32 [B] tensors (for backends that take tensors)."""
    device = mask.device
    if params.lam_alpha is not None:
        lam_p = adaptive_lambda(policy_tokens_per_row(mask, rows), params.lam_alpha)
    elif params.lam_rows is not None:
        lam_p = params.lam_rows
    else:
        lam_p = torch.full((rows.num_rows,), params.lam, dtype=torch.float32, device=device)
    if not params.decoupled:
        return lam_p, lam_p
    if params.lam_critic_rows is not None:
        return lam_p, params.lam_critic_rows
    return lam_p, torch.full((rows.num_rows,), params.lam_critic, dtype=torch.float32, device=device)
