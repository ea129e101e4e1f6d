"""Triton kernels for token-level GAE as a chunked parallel scan along the sequence.

The recurrence of ``csrc/ops/gae.h`` is affine in the carried quantity X:
``X_t = a_t + b_t * X_{t+1}`` with ``(a, b) = (c * (r - V) + gamma * V, c)`` on a policy token and
``(r, 1)`` on a skipped token; then ``A_t = r_t - V_t + X_{t+1}``. Affine maps compose
associatively, so:

1. ``gae_chunk_summary_kernel``: one program per (row, chunk) composes its chunk's maps into one
   (a, b) pair: its "summary".
2. ``gae_chunk_scan_kernel``: one program per (row, chunk) composes the summaries of the chunks after
   it (the carry-in), then scans its own chunk in parallel and writes advantages and returns.

No program walks a row token by token: a 32k-token row is 32 programs of 1024 lanes each.
Lanes load their chunk reversed and scan forward (a reverse scan with an order-dependent combine is
miscompiled on some GPUs: triton#4362).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import triton
import triton.language as tl


@triton.jit
def _compose(a1, b1, a2, b2):
    # x -> a1 + b1 * x applied first, then x -> a2 + b2 * x.
    return a2 + b2 * a1, b2 * b1


@triton.jit
def _compose2(a1, b1, c1, d1, a2, b2, c2, d2):
    return a2 + b2 * a1, b2 * b1, c2 + d2 * c1, d2 * d1


@triton.jit
def _row_bounds(offsets_ptr, row, row_len, PACKED: tl.constexpr):
    if PACKED:
        start = tl.load(offsets_ptr + row).to(tl.int64)
        length = tl.load(offsets_ptr + row + 1).to(tl.int64) - start
    else:
        start = row * row_len
        length = row_len + 0 * row
    return start, length


@triton.jit
def _chunk_lanes(offsets_ptr, row_len, PACKED: tl.constexpr, BLOCK: tl.constexpr):
    """This program's row and chunk, and its lanes' token positions, reversed (lane 0 = the chunk's last token)."""
    row = tl.program_id(0).to(tl.int64)
    chunk = tl.program_id(1).to(tl.int64)
    start, length = _row_bounds(offsets_ptr, row, row_len, PACKED)
    lane = tl.arange(0, BLOCK)
    pos = (chunk + 1) * BLOCK - 1 - lane
    return row, chunk, start, lane, pos, pos < length


@triton.jit
def _coeffs(r, v, m, gamma, c):
    a = tl.where(m, c * (r - v) + gamma * v, r)
    b = tl.where(m, c + 0.0 * r, 1.0 + 0.0 * r)
    return a, b


@triton.jit
def _last(x, lane, BLOCK: tl.constexpr):
    return tl.sum(tl.where(lane == BLOCK - 1, x, 0.0), axis=0)


@triton.jit
def _store_summary(summary_ptr, idx, a, b, c, d, lane, BLOCK: tl.constexpr):
    tl.store(summary_ptr + idx * 4 + 0, _last(a, lane, BLOCK))
    tl.store(summary_ptr + idx * 4 + 1, _last(b, lane, BLOCK))
    tl.store(summary_ptr + idx * 4 + 2, _last(c, lane, BLOCK))
    tl.store(summary_ptr + idx * 4 + 3, _last(d, lane, BLOCK))


@triton.jit
def _summarize(r, v, m, gamma, cp, cc, summary_ptr, idx, lane, DECOUPLED: tl.constexpr, BLOCK: tl.constexpr):
    a, b = _coeffs(r, v, m, gamma, cp)
    if DECOUPLED:
        c, d = _coeffs(r, v, m, gamma, cc)
        a, b, c, d = tl.associative_scan((a, b, c, d), 0, _compose2)
        _store_summary(summary_ptr, idx, a, b, c, d, lane, BLOCK)
    else:
        a, b = tl.associative_scan((a, b), 0, _compose)
        _store_summary(summary_ptr, idx, a, b, a, b, lane, BLOCK)


@triton.jit
def gae_chunk_summary_kernel(
    r_ptr,
    v_ptr,
    m_ptr,
    offsets_ptr,
    lam_p_ptr,
    lam_c_ptr,
    summary_ptr,
    row_len,
    n_chunks,
    gamma,
    PACKED: tl.constexpr,
    DECOUPLED: tl.constexpr,
    BLOCK: tl.constexpr,
):
    row, chunk, start, lane, pos, inb = _chunk_lanes(offsets_ptr, row_len, PACKED, BLOCK)
    r = tl.load(r_ptr + start + pos, mask=inb, other=0.0).to(tl.float32)
    v = tl.load(v_ptr + start + pos, mask=inb, other=0.0).to(tl.float32)
    m = tl.load(m_ptr + start + pos, mask=inb, other=0) != 0
    cp = gamma * tl.load(lam_p_ptr + row)
    cc = gamma * tl.load(lam_c_ptr + row)
    _summarize(r, v, m, gamma, cp, cc, summary_ptr, row * n_chunks + chunk, lane, DECOUPLED, BLOCK)


@triton.jit
def gae_chunk_scan_kernel(
    r_ptr,
    v_ptr,
    m_ptr,
    offsets_ptr,
    lam_p_ptr,
    lam_c_ptr,
    boot_ptr,
    summary_ptr,
    adv_ptr,
    ret_ptr,
    stats_ptr,
    row_len,
    n_summaries,
    gamma,
    PACKED: tl.constexpr,
    DECOUPLED: tl.constexpr,
    WHITEN: tl.constexpr,
    BLOCK: tl.constexpr,
    SUMMARY_BLOCK: tl.constexpr,
    SUMMARIES_P2: tl.constexpr,
):
    row = tl.program_id(0).to(tl.int64)
    chunk = tl.program_id(1).to(tl.int64)
    start, length = _row_bounds(offsets_ptr, row, row_len, PACKED)
    chunk_end = (chunk + 1) * BLOCK
    cp = gamma * tl.load(lam_p_ptr + row)
    cc = gamma * tl.load(lam_c_ptr + row)
    x_boot = gamma * tl.load(boot_ptr + row)

    # Carry-in: the summaries of every later chunk, composed from the row's end backwards.
    row_summaries = (length + SUMMARY_BLOCK - 1) // SUMMARY_BLOCK
    k = tl.arange(0, SUMMARIES_P2)
    j = row_summaries - 1 - k
    later = (j * SUMMARY_BLOCK >= chunk_end) & (j >= 0)
    sbase = summary_ptr + (row * n_summaries + j) * 4
    sa = tl.load(sbase + 0, mask=later, other=0.0)
    sb = tl.load(sbase + 1, mask=later, other=1.0)
    sa, sb = tl.associative_scan((sa, sb), 0, _compose)
    x_end_p = _last(sa, k, SUMMARIES_P2) + _last(sb, k, SUMMARIES_P2) * x_boot
    if DECOUPLED:
        sc = tl.load(sbase + 2, mask=later, other=0.0)
        sd = tl.load(sbase + 3, mask=later, other=1.0)
        sc, sd = tl.associative_scan((sc, sd), 0, _compose)
        x_end_c = _last(sc, k, SUMMARIES_P2) + _last(sd, k, SUMMARIES_P2) * x_boot

    # Local scan: lane i needs X at pos_i + 1, i.e. the maps of tokens (pos_i, chunk_end) applied to
    # the carry. Each lane loads the token after its own (lane 0's successor is the carry itself).
    lane = tl.arange(0, BLOCK)
    pos = chunk_end - 1 - lane
    inb = pos < length
    nxt = pos + 1
    nin = (nxt < length) & (lane > 0)
    r1 = tl.load(r_ptr + start + nxt, mask=nin, other=0.0).to(tl.float32)
    v1 = tl.load(v_ptr + start + nxt, mask=nin, other=0.0).to(tl.float32)
    m1 = tl.load(m_ptr + start + nxt, mask=nin, other=0) != 0
    r = tl.load(r_ptr + start + pos, mask=inb, other=0.0).to(tl.float32)
    v = tl.load(v_ptr + start + pos, mask=inb, other=0.0).to(tl.float32)
    m = (tl.load(m_ptr + start + pos, mask=inb, other=0) != 0) & inb

    a1, b1 = _coeffs(r1, v1, m1, gamma, cp)
    if DECOUPLED:
        c1, d1 = _coeffs(r1, v1, m1, gamma, cc)
        a1, b1, c1, d1 = tl.associative_scan((a1, b1, c1, d1), 0, _compose2)
        x_c = c1 + d1 * x_end_c
    else:
        a1, b1 = tl.associative_scan((a1, b1), 0, _compose)
    x_p = a1 + b1 * x_end_p
    adv = tl.where(m, r - v + x_p, 0.0)
    if DECOUPLED:
        ret = tl.where(m, r + x_c, 0.0)
    else:
        ret = tl.where(m, r + x_p, 0.0)
    tl.store(adv_ptr + start + pos, adv, mask=inb)
    tl.store(ret_ptr + start + pos, ret, mask=inb)
    if WHITEN:
        # This chunk's count, mean and sum of squared deviations (M2), in float64 and two passes over
        # registers: chunks are merged exactly afterwards (``_merge_chunk_stats``), so no sum of squares
        # is ever differenced (that loses the variance when the mean is large against the spread).
        a64 = tl.where(m, adv.to(tl.float64), 0.0)
        cnt = tl.sum(m.to(tl.float64), axis=0)
        mean_c = tl.sum(a64, axis=0) / tl.maximum(cnt, 1.0)
        dev = tl.where(m, a64 - mean_c, 0.0)
        sbase = stats_ptr + (row * tl.num_programs(1) + chunk) * 3
        tl.store(sbase + 0, cnt)
        tl.store(sbase + 1, mean_c)
        tl.store(sbase + 2, tl.sum(dev * dev, axis=0))


@triton.jit
def masked_whiten_kernel(adv_ptr, m_ptr, moments_ptr, n, eps, BLOCK: tl.constexpr):
    offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    inb = offs < n
    mean = tl.load(moments_ptr + 0)
    var = tl.load(moments_ptr + 1)
    rstd = 1.0 / tl.sqrt(var + eps)
    a = tl.load(adv_ptr + offs, mask=inb, other=0.0)
    m = tl.load(m_ptr + offs, mask=inb, other=0) != 0
    out = tl.where(m, ((a.to(tl.float64) - mean) * rstd).to(tl.float32), 0.0)
    tl.store(adv_ptr + offs, out, mask=inb)


@triton.jit
def value_head_summary_kernel(
    h_ptr,
    w_ptr,
    bias,
    r_ptr,
    m_ptr,
    offsets_ptr,
    lam_p_ptr,
    lam_c_ptr,
    values_ptr,
    summary_ptr,
    row_len,
    n_chunks,
    hidden_size,
    gamma,
    PACKED: tl.constexpr,
    DECOUPLED: tl.constexpr,
    BLOCK: tl.constexpr,
    BLOCK_H: tl.constexpr,
):
    """Values ``hidden @ w + b`` of one chunk (hidden read once), written out, plus the chunk summary."""
    row, chunk, start, lane, pos, inb = _chunk_lanes(offsets_ptr, row_len, PACKED, BLOCK)
    cols = tl.arange(0, BLOCK_H)
    acc = tl.zeros((BLOCK, BLOCK_H), dtype=tl.float32)
    hrow = h_ptr + (start + pos)[:, None] * hidden_size
    for h0 in range(0, hidden_size, BLOCK_H):
        hc = h0 + cols
        hm = hc < hidden_size
        x = tl.load(hrow + hc[None, :], mask=inb[:, None] & hm[None, :], other=0.0).to(tl.float32)
        w = tl.load(w_ptr + hc, mask=hm, other=0.0).to(tl.float32)
        acc += x * w[None, :]
    v = tl.sum(acc, axis=1) + bias
    tl.store(values_ptr + start + pos, v, mask=inb)
    v = tl.where(inb, v, 0.0)
    r = tl.load(r_ptr + start + pos, mask=inb, other=0.0).to(tl.float32)
    m = tl.load(m_ptr + start + pos, mask=inb, other=0) != 0
    cp = gamma * tl.load(lam_p_ptr + row)
    cc = gamma * tl.load(lam_c_ptr + row)
    _summarize(r, v, m, gamma, cp, cc, summary_ptr, row * n_chunks + chunk, lane, DECOUPLED, BLOCK)


SCAN_BLOCK = 1024
WHITEN_BLOCK = 4096
VALUE_BLOCK = 32
VALUE_BLOCK_H = 128


@dataclass(frozen=True)
class RowLaunch:
    """Per-row tensors and sizes of one launch, validated by ``coderl.ops`` (tensors on one device)."""

    offsets: Any  # int64 [B + 1] cu_seqlens (packed layout) or None (padded)
    lam_p: Any  # float32 [B] policy lambda
    lam_c: Any  # float32 [B] critic lambda
    boot: Any  # float32 [B] bootstrap values
    num_rows: int
    row_len: int  # T of the padded layout
    max_len: int  # longest row
    gamma: float
    decoupled: bool
    whiten: bool
    eps: float

    @property
    def packed(self) -> bool:
        return self.offsets is not None

    def offsets_ptr(self) -> Any:
        return self.offsets if self.offsets is not None else self.lam_p  # unused when padded

    def row_args(self) -> tuple:
        """The (offsets, lam_p, lam_c) pointer arguments every kernel takes."""
        return (self.offsets_ptr(), self.lam_p, self.lam_c)


def _scan(rewards, values, mask, adv, ret, launch: RowLaunch, summary, n_summaries: int, summary_block: int):
    """Second phase: every chunk composes the later summaries and scans itself; then whitening."""
    import torch

    grid = (launch.num_rows, triton.cdiv(launch.max_len, SCAN_BLOCK))
    stats = torch.empty((grid[0] * grid[1] if launch.whiten else 1, 3), dtype=torch.float64, device=rewards.device)
    gae_chunk_scan_kernel[grid](
        rewards, values, mask, *launch.row_args(), launch.boot, summary, adv, ret, stats,
        launch.row_len, n_summaries, launch.gamma,
        PACKED=launch.packed, DECOUPLED=launch.decoupled, WHITEN=launch.whiten,
        BLOCK=SCAN_BLOCK, SUMMARY_BLOCK=summary_block, SUMMARIES_P2=max(triton.next_power_of_2(n_summaries), 2),
    )  # fmt: skip
    if launch.whiten:
        n = adv.numel()
        moments = _merge_chunk_stats(stats)
        masked_whiten_kernel[(triton.cdiv(n, WHITEN_BLOCK),)](adv, mask, moments, n, launch.eps, BLOCK=WHITEN_BLOCK)


def _merge_chunk_stats(stats):
    """``[mean, unbiased var]`` (float64, on the device, no host sync) of per-chunk ``(count, mean, M2)``.

    The parallel-variance identity: ``M2 = sum(M2_c) + sum(n_c * (mean_c - mean)^2)``, a sum of
    non-negative terms; the chunks' order does not matter (no atomics, deterministic).
    """
    import torch

    cnt, mean_c, m2_c = stats.unbind(1)
    n = cnt.sum()
    mean = (cnt * mean_c).sum() / n.clamp(min=1.0)
    m2 = m2_c.sum() + (cnt * (mean_c - mean).square()).sum()
    var = torch.where(n > 1.0, m2 / (n - 1.0).clamp(min=1.0), torch.zeros_like(m2))
    return torch.stack((mean, var))


def gae_forward(rewards, values, mask, adv, ret, launch: RowLaunch) -> None:
    """Token-level GAE: chunk summaries, then the chunked scan (mask as uint8)."""
    import torch

    if launch.num_rows == 0 or launch.max_len == 0:
        return
    chunks = triton.cdiv(launch.max_len, SCAN_BLOCK)
    summary = torch.empty((launch.num_rows, chunks, 4), dtype=torch.float32, device=rewards.device)
    gae_chunk_summary_kernel[(launch.num_rows, chunks)](
        rewards, values, mask, *launch.row_args(), summary, launch.row_len, chunks, launch.gamma,
        PACKED=launch.packed, DECOUPLED=launch.decoupled, BLOCK=SCAN_BLOCK,
    )  # fmt: skip
    _scan(rewards, values, mask, adv, ret, launch, summary, chunks, SCAN_BLOCK)


def value_gae_forward(hidden, weight, bias: float, rewards, mask, values, adv, ret, launch: RowLaunch) -> None:
    """Value head fused with the chunk summaries (hidden read once, values written once), then the scan."""
    import torch

    if launch.num_rows == 0 or launch.max_len == 0:
        return
    # The scan composes whole summaries: its chunks must be made of whole value-head chunks.
    assert SCAN_BLOCK % VALUE_BLOCK == 0, "SCAN_BLOCK must be a multiple of VALUE_BLOCK"
    n_summaries = triton.cdiv(launch.max_len, VALUE_BLOCK)
    summary = torch.empty((launch.num_rows, n_summaries, 4), dtype=torch.float32, device=rewards.device)
    hidden_size = weight.numel()
    value_head_summary_kernel[(launch.num_rows, n_summaries)](
        hidden, weight, bias, rewards, mask, *launch.row_args(), values, summary,
        launch.row_len, n_summaries, hidden_size, launch.gamma,
        PACKED=launch.packed, DECOUPLED=launch.decoupled, BLOCK=VALUE_BLOCK,
        BLOCK_H=min(VALUE_BLOCK_H, max(triton.next_power_of_2(hidden_size), 16)),
    )  # fmt: skip
    _scan(rewards, values, mask, adv, ret, launch, summary, n_summaries, VALUE_BLOCK)
