"""Token-level GAE for multi-turn trajectories: the public op, validated and dispatched by device.

Semantics (see ``csrc/ops/gae.h``): tokens with ``mask = 0`` (prompt, observations, padding) are
skipped, so the running advantage and the next value carry across them; they get advantage and
return 0. A reward on a skipped token is credited to the policy token before it.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import torch
from torch import Tensor

from coderl.ops import backend as _backend
from coderl.ops.inputs import (
    GAEParams,
    Rows,
    check_float_tensor,
    check_mask,
    check_same,
    lambda_rows,
    resolve_params,
    resolve_rows,
)
from coderl.ops.reference import gae_reference


class GAEResult(NamedTuple):
    """float32 advantages (policy lambda, optionally whitened) and returns (critic lambda)."""

    advantages: Tensor
    returns: Tensor


def gae(
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
    backend: _backend.Backend = "auto",
    num_threads: int | None = None,
    out: tuple[Tensor, Tensor] | None = None,
) -> GAEResult:
    """Advantages and returns of token-level GAE, skipping ``mask == 0`` tokens.

    Args:
        rewards, values: ``[B, T]`` (padded) or ``[N]`` with ``cu_seqlens``; float32/bfloat16/float16.
        mask: same shape, bool or uint8; 1 marks a policy (generated) token.
        gamma: discount in [0, 1].
        lam: policy lambda, a float or one per row (``[B]``); default 1.0.
        lam_critic: lambda for the returns (decoupled GAE, e.g. 1.0 as in VC-PPO/VAPO); default: ``lam``.
        lam_alpha: length-adaptive policy lambda ``1 - 1/(lam_alpha * l)`` with l the row's policy
            tokens (VAPO uses 0.05); exclusive with ``lam``.
        bootstrap: ``[B]`` value after the last token of truncated rows (default 0).
        cu_seqlens: ``[B + 1]`` offsets of the rows in packed 1-D inputs.
        whiten: normalize the advantages over all policy tokens (returns are not whitened).
        backend: ``auto`` (native on CPU, Triton on GPU), ``native``, ``triton`` or ``reference``.
        num_threads: CPU threads for the native backend (default: ``CODERL_NUM_THREADS`` or torch's).
        out: preallocated float32 ``(advantages, returns)`` to write into (saves the allocation in loops).
    """
    rewards = check_float_tensor("rewards", rewards)
    values = check_float_tensor("values", values)
    mask = check_mask(mask)
    rows = resolve_rows(rewards, cu_seqlens)
    for name, t in (("rewards", rewards), ("values", values), ("mask", mask)):
        check_same(name, t, rewards, rewards.shape)
    params = resolve_params(
        rows,
        rewards.device,
        gamma=gamma,
        lam=lam,
        lam_critic=lam_critic,
        lam_alpha=lam_alpha,
        bootstrap=bootstrap,
        whiten=whiten,
        whiten_eps=whiten_eps,
    )
    which = _backend.select(backend, rewards.device)
    adv, ret = _outputs(rewards, out)
    if which == "native":
        _native_gae(rewards, values, mask, adv, ret, rows, params, _backend.num_threads(num_threads))
    elif which == "triton":
        _triton_gae(rewards, values, mask, adv, ret, rows, params)
    else:
        ref_adv, ref_ret = reference_gae(rewards, values, mask, rows, params)
        adv.copy_(ref_adv)
        ret.copy_(ref_ret)
    return GAEResult(adv, ret)


def _outputs(rewards: Tensor, out: tuple[Tensor, Tensor] | None) -> tuple[Tensor, Tensor]:
    if out is None:
        adv = torch.empty(rewards.shape, dtype=torch.float32, device=rewards.device)
        return adv, torch.empty_like(adv)
    if not (isinstance(out, tuple | list) and len(out) == 2):
        raise TypeError("out must be a pair of tensors (advantages, returns)")
    for name, t in zip(("out[0]", "out[1]"), out, strict=True):
        if not isinstance(t, Tensor) or t.dtype != torch.float32:
            raise TypeError(f"{name} must be a float32 torch.Tensor")
        check_same(name, t, rewards, rewards.shape)
    if out[0].data_ptr() == out[1].data_ptr() and out[0].numel() > 0:
        raise ValueError("out[0] and out[1] must not share memory")
    return out[0], out[1]


def native_kwargs(rows: Rows, params: GAEParams, threads: int) -> dict:
    """Keyword arguments shared by the native ``gae`` and ``value_gae`` entry points."""
    return {
        "cu_seqlens": rows.cu_seqlens,
        "num_rows": rows.num_rows,
        "row_len": rows.row_len,
        "gamma": params.gamma,
        "lam": params.lam,
        "lam_rows": params.lam_rows,
        "lam_alpha": params.lam_alpha or 0.0,
        "decoupled": params.decoupled,
        "lam_critic": params.lam_critic,
        "lam_critic_rows": params.lam_critic_rows,
        "bootstrap": params.bootstrap,
        "whiten": params.whiten,
        "whiten_eps": params.whiten_eps,
        "num_threads": threads,
    }


def _native_gae(
    rewards: Tensor, values: Tensor, mask: Tensor, adv: Tensor, ret: Tensor, rows: Rows, params: GAEParams, threads: int
) -> None:
    if rewards.numel() == 0:
        return
    _backend.native().gae(rewards, values, mask, adv, ret, **native_kwargs(rows, params, threads))


def triton_launch(mask: Tensor, rows: Rows, params: GAEParams) -> Any:
    """The per-row tensors and sizes the Triton ``gae`` and ``value_gae`` launches share."""
    kernels = _backend.triton_gae()
    lam_p, lam_c = lambda_rows(params, mask, rows)
    boot = params.bootstrap
    if boot is None:
        boot = torch.zeros(rows.num_rows, dtype=torch.float32, device=mask.device)
    return kernels.RowLaunch(
        offsets=rows.cu_seqlens,
        lam_p=lam_p,
        lam_c=lam_c,
        boot=boot,
        num_rows=rows.num_rows,
        row_len=rows.row_len,
        max_len=rows.max_len,
        gamma=params.gamma,
        decoupled=params.decoupled,
        whiten=params.whiten,
        eps=params.whiten_eps,
    )


def reference_gae(
    rewards: Tensor, values: Tensor, mask: Tensor, rows: Rows, params: GAEParams
) -> tuple[Tensor, Tensor]:
    """The float64 oracle on validated inputs (on CPU), for ``backend="reference"``."""
    lam_p, lam_c = lambda_rows(params, mask, rows)
    return gae_reference(
        rewards.detach().cpu(),
        values.detach().cpu(),
        mask.cpu(),
        gamma=params.gamma,
        lam=lam_p.cpu(),
        lam_critic=lam_c.cpu(),
        bootstrap=None if params.bootstrap is None else params.bootstrap.cpu(),
        cu_seqlens=None if rows.cu_seqlens is None else rows.cu_seqlens.cpu(),
        whiten=params.whiten,
        whiten_eps=params.whiten_eps,
    )


def mask_bytes(mask: Tensor) -> Tensor:
    """View a bool mask as uint8 (same memory) for kernels that load bytes."""
    return mask.view(torch.uint8) if mask.dtype == torch.bool else mask


def _triton_gae(
    rewards: Tensor, values: Tensor, mask: Tensor, adv: Tensor, ret: Tensor, rows: Rows, params: GAEParams
) -> None:
    _backend.triton_gae().gae_forward(rewards, values, mask_bytes(mask), adv, ret, triton_launch(mask, rows, params))
