"""The critic's value head fused with GAE: ``V = hidden @ w + b``, advantages and returns in one pass.

The hidden states (the dominant memory traffic: ``2 * H`` bytes a token in bf16) are read once;
values are written once, because the value loss needs them. Gradients flow to ``hidden``, ``weight``
and ``bias`` through the values; advantages and returns are targets and carry no gradient.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import torch
from torch import Tensor

from coderl.ops import backend as _backend
from coderl.ops.gae import mask_bytes, native_kwargs, reference_gae, triton_launch
from coderl.ops.inputs import (
    GAEParams,
    Rows,
    check_float_tensor,
    check_mask,
    check_same,
    resolve_params,
    resolve_rows,
)
from coderl.ops.reference import value_head_reference


class ValueGAEResult(NamedTuple):
    """float32 advantages, returns and per-token values (values carry the gradient)."""

    advantages: Tensor
    returns: Tensor
    values: Tensor


def value_gae(
    hidden: Tensor,
    weight: Tensor,
    bias: Tensor | float | None,
    rewards: Tensor,
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
) -> ValueGAEResult:
    """Fused value head + GAE. ``hidden`` is ``[B, T, H]`` (or ``[N, H]`` with ``cu_seqlens``);
    ``weight`` is ``[H]`` or ``[1, H]`` (an ``nn.Linear(H, 1)`` weight); other arguments as in :func:`gae`.
    """
    hidden = check_float_tensor("hidden", hidden)
    weight = check_float_tensor("weight", weight)
    rewards = check_float_tensor("rewards", rewards)
    mask = check_mask(mask)
    rows = resolve_rows(rewards, cu_seqlens)
    check_same("rewards", rewards, rewards, rewards.shape)
    check_same("mask", mask, rewards, rewards.shape)
    if hidden.dim() != rewards.dim() + 1 or hidden.shape[:-1] != rewards.shape:
        raise ValueError(f"hidden must have shape {(*rewards.shape, 'H')}, got {tuple(hidden.shape)}")
    check_same("hidden", hidden, rewards, hidden.shape)
    h = hidden.shape[-1]
    if weight.numel() != h or weight.dim() not in (1, 2):
        raise ValueError(f"weight must have shape [{h}] or [1, {h}], got {tuple(weight.shape)}")
    if weight.device != rewards.device:
        raise ValueError(f"weight is on {weight.device} but rewards is on {rewards.device}")
    if isinstance(bias, Tensor):
        if bias.numel() != 1:
            raise ValueError(f"bias must hold one value, got shape {tuple(bias.shape)}")
        bias_t = bias
    else:
        bias_t = torch.tensor(0.0 if bias is None else float(bias), device=rewards.device)
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
    if which == "reference":
        values = value_head_reference(hidden, weight, bias_t)
        adv, ret = reference_gae(rewards, values, mask, rows, params)
        dev = rewards.device
        return ValueGAEResult(adv.float().to(dev), ret.float().to(dev), values.float())
    threads = _backend.num_threads(num_threads)
    values, adv, ret = _ValueGAE.apply(hidden, weight, bias_t, rewards, mask, rows, params, which, threads)
    return ValueGAEResult(adv, ret, values)


class _ValueGAE(torch.autograd.Function):
    @staticmethod
    def forward(  # type: ignore[override]
        ctx: Any,
        hidden: Tensor,
        weight: Tensor,
        bias: Tensor,
        rewards: Tensor,
        mask: Tensor,
        rows: Rows,
        params: GAEParams,
        which: str,
        threads: int,
    ) -> tuple[Tensor, Tensor, Tensor]:
        dev = rewards.device
        w32 = weight.detach().reshape(-1).to(torch.float32).contiguous()  # [H]: tiny
        b = float(bias.detach().reshape(()))
        values = torch.empty(rewards.shape, dtype=torch.float32, device=dev)
        adv = torch.empty(rewards.shape, dtype=torch.float32, device=dev)
        ret = torch.empty(rewards.shape, dtype=torch.float32, device=dev)
        if rewards.numel() > 0:
            if which == "native":
                _backend.native().value_gae(
                    hidden.detach(), w32, b, rewards, mask, values, adv, ret, **native_kwargs(rows, params, threads)
                )
            else:
                _backend.triton_gae().value_gae_forward(
                    hidden.detach(),
                    w32,
                    b,
                    rewards,
                    mask_bytes(mask),
                    values,
                    adv,
                    ret,
                    triton_launch(mask, rows, params),
                )
        ctx.save_for_backward(hidden, weight, bias)
        ctx.mark_non_differentiable(adv, ret)
        return values, adv, ret

    @staticmethod
    def backward(ctx: Any, grad_values: Tensor, _grad_adv: Tensor, _grad_ret: Tensor):  # type: ignore[override]
        hidden, weight, bias = ctx.saved_tensors
        h = hidden.shape[-1]
        g = grad_values.reshape(-1).to(torch.float32)
        grad_hidden = grad_weight = grad_bias = None
        if ctx.needs_input_grad[0]:
            w = weight.detach().reshape(-1).to(torch.float32)
            grad_hidden = (g[:, None] * w[None, :]).reshape(hidden.shape).to(hidden.dtype)
        if ctx.needs_input_grad[1]:
            grad_weight = (hidden.detach().reshape(-1, h).to(torch.float32).T @ g).reshape(weight.shape)
            grad_weight = grad_weight.to(weight.dtype)
        if ctx.needs_input_grad[2]:
            grad_bias = g.sum().reshape(bias.shape).to(bias.dtype)
        return grad_hidden, grad_weight, grad_bias, None, None, None, None, None, None
