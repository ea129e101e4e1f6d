"""The Triton GAE kernels against the float64 reference.

On a CPU-only machine they run in Triton's interpreter (TRITON_INTERPRET=1, set by conftest) with
small blocks so that short rows still span many chunks; on a GPU the same tests run compiled, and
the ``gpu``-marked tests add production block sizes and long rows.
"""

from __future__ import annotations

import pytest
import torch
from batches import MASK_KINDS, assert_close, cu_seqlens, make_batch, make_flat_critic_batch, pack
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from coderl.ops import gae, gae_reference
from coderl.ops.reference import masked_whiten_reference

DEVICE = "cuda" if torch.cuda.is_available() else "cpu"
DTYPES = [torch.float32, torch.bfloat16, torch.float16]


def _to(batch: dict) -> dict:
    return {k: v.to(DEVICE) for k, v in batch.items()}


@settings(max_examples=12)
@given(
    seed=st.integers(0, 2**16),
    b=st.integers(1, 3),
    t=st.integers(1, 150),
    kind=st.sampled_from(MASK_KINDS),
    dtype=st.sampled_from(DTYPES),
    gamma=st.sampled_from([1.0, 0.95, 0.0]),
    lam=st.sampled_from([None, 0.0, 0.9]),
    lam_critic=st.sampled_from([None, 1.0]),
    use_bootstrap=st.booleans(),
    whiten=st.booleans(),
)
def test_triton_padded_matches_reference(
    small_triton_blocks, seed, b, t, kind, dtype, gamma, lam, lam_critic, use_bootstrap, whiten
):
    batch = make_batch(seed, b, t, kind, dtype)
    kw = {
        "gamma": gamma,
        "lam": lam,
        "lam_critic": lam_critic,
        "whiten": whiten,
        "bootstrap": batch["bootstrap"] if use_bootstrap else None,
    }
    dev = _to(batch)
    dev_kw = dict(kw, bootstrap=None if kw["bootstrap"] is None else kw["bootstrap"].to(DEVICE))
    adv, ret = gae(dev["rewards"], dev["values"], dev["mask"], backend="triton", **dev_kw)
    ref_adv, ref_ret = gae_reference(batch["rewards"], batch["values"], batch["mask"], **kw)
    assert_close(adv, ref_adv, what="triton advantages")
    assert_close(ret, ref_ret, what="triton returns")


@settings(max_examples=8)
@given(
    seed=st.integers(0, 2**16),
    lengths=st.lists(st.integers(0, 120), min_size=1, max_size=4),
    per_row_lam=st.booleans(),
    adaptive=st.booleans(),
)
def test_triton_packed_matches_reference(small_triton_blocks, seed, lengths, per_row_lam, adaptive):
    t = max(max(lengths), 1)
    batch = make_batch(seed, len(lengths), t, "turns")
    packed = {k: pack(batch[k], lengths) for k in ("rewards", "values", "mask")}
    cu = cu_seqlens(lengths)
    kw: dict = {"gamma": 0.99, "lam_critic": 1.0, "bootstrap": batch["bootstrap"]}
    if adaptive:
        kw["lam_alpha"] = 0.05
    elif per_row_lam:
        kw["lam"] = torch.rand(len(lengths), generator=torch.Generator().manual_seed(seed))
    dev_kw = {k: (v.to(DEVICE) if isinstance(v, torch.Tensor) else v) for k, v in kw.items()}
    adv, ret = gae(
        packed["rewards"].to(DEVICE),
        packed["values"].to(DEVICE),
        packed["mask"].to(DEVICE),
        cu_seqlens=cu.to(DEVICE),
        backend="triton",
        **dev_kw,
    )
    ref_adv, ref_ret = gae_reference(packed["rewards"], packed["values"], packed["mask"], cu_seqlens=cu, **kw)
    assert_close(adv, ref_adv, what="triton packed advantages")
    assert_close(ret, ref_ret, what="triton packed returns")


def test_triton_and_native_agree_on_a_multi_chunk_row(small_triton_blocks):
    batch = make_batch(9, 2, 700, "random")
    kw = {"gamma": 0.999, "lam": 0.95, "lam_critic": 1.0, "whiten": True}
    native = gae(batch["rewards"], batch["values"], batch["mask"], backend="native", **kw)
    dev = _to(batch)
    tri = gae(dev["rewards"], dev["values"], dev["mask"], backend="triton", **kw)
    torch.testing.assert_close(tri.advantages.cpu(), native.advantages, rtol=1e-4, atol=1e-4)
    torch.testing.assert_close(tri.returns.cpu(), native.returns, rtol=1e-4, atol=1e-4)


@settings(max_examples=6)
@given(
    seed=st.integers(0, 2**16),
    b=st.integers(1, 3),
    t=st.integers(40, 150),
    kind=st.sampled_from(["turns", "all_policy"]),
    eps=st.sampled_from([1e-8, 0.0]),
    packed=st.booleans(),
)
def test_triton_whitening_is_exact_when_the_mean_dwarfs_the_spread(small_triton_blocks, seed, b, t, kind, eps, packed):
    # All rewards 1, a near-flat critic: (mean/std)^2 ~ 1e8 across many chunks (issue 17).
    batch = make_flat_critic_batch(seed, b, t, kind)
    kw = {"gamma": 1.0, "lam": 0.0, "bootstrap": batch["bootstrap"]}
    ref_raw, _ = gae_reference(batch["rewards"], batch["values"], batch["mask"], **kw)
    sel = ref_raw[batch["mask"]]
    assume(sel.numel() >= 2 and float(sel.std()) > 0)
    assert float(sel.mean() ** 2 / sel.var()) > 1e6
    expected = masked_whiten_reference(ref_raw, batch["mask"], eps)
    dev = _to(batch)
    dev_kw = dict(kw, bootstrap=dev["bootstrap"], whiten=True, whiten_eps=eps)
    if packed:
        lengths = [t] * b
        flat = {k: dev[k].reshape(-1) for k in ("rewards", "values", "mask")}
        adv, _ = gae(flat["rewards"], flat["values"], flat["mask"], cu_seqlens=cu_seqlens(lengths).to(DEVICE),
                     backend="triton", **dev_kw)  # fmt: skip
        adv = adv.reshape(b, t)
    else:
        adv, _ = gae(dev["rewards"], dev["values"], dev["mask"], backend="triton", **dev_kw)
    assert_close(adv, expected, rel=1e-6, what="triton whitened advantages")


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize(("b", "t"), [(1, 32768), (64, 4096), (7, 1000)])
def test_triton_production_blocks_on_gpu(dtype, b, t):
    batch = make_batch(1, b, t, "turns", dtype)
    kw = {"gamma": 0.999, "lam": 0.95, "lam_critic": 1.0, "bootstrap": batch["bootstrap"], "whiten": True}
    dev = _to(batch)
    adv, ret = gae(dev["rewards"], dev["values"], dev["mask"], **dict(kw, bootstrap=kw["bootstrap"].to(DEVICE)))
    ref_adv, ref_ret = gae_reference(batch["rewards"], batch["values"], batch["mask"], **kw)
    assert_close(adv, ref_adv, rel=1e-4, what="gpu advantages")
    assert_close(ret, ref_ret, rel=1e-4, what="gpu returns")
