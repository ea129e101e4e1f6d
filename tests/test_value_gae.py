"""coderl.ops.value_gae: the value head fused with GAE, on every backend, with its gradient."""

from __future__ import annotations

import pytest
import torch
from batches import assert_close, cu_seqlens, make_batch, pack
from hypothesis import given, settings
from hypothesis import strategies as st

from coderl.ops import gae, gae_reference, value_gae, value_head_reference

# every test of this module runs on both CPU codes (tests/conftest.py: gae_cpu_code)
pytestmark = pytest.mark.usefixtures("gae_cpu_code")

DTYPES = [torch.float32, torch.bfloat16, torch.float16]


def _head(seed: int, shape: tuple[int, ...], h: int, dtype: torch.dtype):
    gen = torch.Generator().manual_seed(seed)
    hidden = torch.randn(*shape, h, generator=gen).to(dtype)
    weight = (torch.randn(h, generator=gen) / h**0.5).to(dtype)
    return hidden, weight, 0.25


def _check(res, hidden, weight, bias, batch, **kw):
    values = value_head_reference(hidden, weight, bias)
    assert_close(res.values, values, rel=2e-5, what="values")
    ref_adv, ref_ret = gae_reference(batch["rewards"], values, batch["mask"], **kw)
    assert_close(res.advantages, ref_adv, what="advantages")
    assert_close(res.returns, ref_ret, what="returns")


@given(
    seed=st.integers(0, 2**16),
    b=st.integers(1, 5),
    t=st.integers(1, 120),
    h=st.sampled_from([1, 7, 64, 130]),
    dtype=st.sampled_from(DTYPES),
    lam_critic=st.sampled_from([None, 1.0]),
    whiten=st.booleans(),
)
def test_native_value_gae_matches_reference(seed, b, t, h, dtype, lam_critic, whiten):
    batch = make_batch(seed, b, t, "turns")
    hidden, weight, bias = _head(seed, (b, t), h, dtype)
    kw = {"gamma": 0.99, "lam": 0.95, "lam_critic": lam_critic, "whiten": whiten, "bootstrap": batch["bootstrap"]}
    res = value_gae(hidden, weight, bias, batch["rewards"], batch["mask"], **kw)
    _check(res, hidden, weight, bias, batch, **kw)


@settings(max_examples=6)
@given(seed=st.integers(0, 2**16), t=st.integers(1, 90), h=st.sampled_from([5, 40]), dtype=st.sampled_from(DTYPES))
def test_triton_value_gae_matches_reference(small_triton_blocks, seed, t, h, dtype):
    dev = "cuda" if torch.cuda.is_available() else "cpu"
    batch = make_batch(seed, 2, t, "turns")
    hidden, weight, bias = _head(seed, (2, t), h, dtype)
    kw = {"gamma": 0.97, "lam": 0.9, "lam_critic": 1.0, "whiten": True}
    res = value_gae(
        hidden.to(dev), weight.to(dev), bias, batch["rewards"].to(dev), batch["mask"].to(dev), backend="triton", **kw
    )
    _check(res, hidden, weight, bias, batch, **kw)


def test_packed_value_gae_agrees_with_padded():
    lengths = [5, 0, 33, 17]
    batch = make_batch(4, len(lengths), max(lengths), "turns")
    for i, n in enumerate(lengths):
        batch["mask"][i, n:] = False
        batch["rewards"][i, n:] = 0
    hidden, weight, bias = _head(4, (len(lengths), max(lengths)), 24, torch.float32)
    padded = value_gae(hidden, weight, bias, batch["rewards"], batch["mask"], gamma=0.9, lam=0.8)
    packed = value_gae(
        pack(hidden, lengths),
        weight,
        bias,
        pack(batch["rewards"], lengths),
        pack(batch["mask"], lengths),
        cu_seqlens=cu_seqlens(lengths),
        gamma=0.9,
        lam=0.8,
    )
    for name in ("advantages", "returns", "values"):
        torch.testing.assert_close(getattr(packed, name), pack(getattr(padded, name), lengths))


def test_value_gae_equals_value_head_then_gae():
    batch = make_batch(6, 3, 77, "random")
    head = torch.nn.Linear(32, 1)
    hidden = torch.randn(3, 77, 32)
    with torch.no_grad():
        values = head(hidden).squeeze(-1)
        fused = value_gae(hidden, head.weight, head.bias, batch["rewards"], batch["mask"], gamma=0.99, lam=0.95)
    unfused = gae(batch["rewards"], values.contiguous(), batch["mask"], gamma=0.99, lam=0.95)
    torch.testing.assert_close(fused.values, values, rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(fused.advantages, unfused.advantages, rtol=1e-4, atol=1e-5)
    torch.testing.assert_close(fused.returns, unfused.returns, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("backend", ["native", "triton"])
def test_gradient_of_the_value_head(small_triton_blocks, backend):
    """The value loss trained through value_gae gets the same gradients as through hidden @ w + b."""
    dev = "cuda" if torch.cuda.is_available() else "cpu"
    batch = make_batch(12, 2, 40, "turns")
    gen = torch.Generator().manual_seed(0)
    hidden = torch.randn(2, 40, 16, generator=gen).to(dev).requires_grad_()
    weight = torch.randn(1, 16, generator=gen).to(dev).requires_grad_()
    bias = torch.zeros(1, device=dev).requires_grad_()
    rewards, mask = batch["rewards"].to(dev), batch["mask"].to(dev)

    res = value_gae(hidden, weight, bias, rewards, mask, gamma=0.99, lam=0.95, backend=backend)
    assert res.values.requires_grad and not res.returns.requires_grad and not res.advantages.requires_grad
    loss = ((res.values - res.returns.detach() * 0.5) ** 2 * mask).sum()
    grads = torch.autograd.grad(loss, (hidden, weight, bias))

    values = (hidden @ weight.T).squeeze(-1) + bias
    ref_loss = ((values - res.returns.detach() * 0.5) ** 2 * mask).sum()
    ref_grads = torch.autograd.grad(ref_loss, (hidden, weight, bias))
    for g, rg in zip(grads, ref_grads, strict=True):
        torch.testing.assert_close(g, rg, rtol=1e-4, atol=1e-5)


@pytest.mark.filterwarnings("ignore:Input #:UserWarning")
def test_value_gae_gradcheck():
    """Finite differences on the native backend (float32 forward, so a loose tolerance)."""
    batch = make_batch(1, 1, 6, "all_policy")
    hidden = torch.randn(1, 6, 3, dtype=torch.float32, requires_grad=True)
    weight = torch.randn(3, dtype=torch.float32, requires_grad=True)
    bias = torch.zeros((), requires_grad=True)

    def fn(h, w, b):
        return value_gae(h, w, b, batch["rewards"], batch["mask"], gamma=0.9, lam=0.9).values

    assert torch.autograd.gradcheck(fn, (hidden, weight, bias), eps=1e-2, atol=1e-2, rtol=1e-2)


@pytest.mark.parametrize(
    ("hidden_shape", "weight_shape", "match"),
    [
        ((2, 4, 8), (9,), "weight must have shape"),
        ((2, 5, 8), (8,), "hidden must have shape"),
        ((8, 8), (8,), "hidden must have shape"),
    ],
)
def test_value_gae_bad_shapes(hidden_shape, weight_shape, match):
    with pytest.raises(ValueError, match=match):
        value_gae(
            torch.zeros(hidden_shape),
            torch.zeros(weight_shape),
            0.0,
            torch.zeros(2, 4),
            torch.ones(2, 4, dtype=torch.bool),
        )


def test_values_do_not_depend_on_how_the_rows_are_split():
    """Each token's value is the same float whichever rows share its block of four and however the rows are split
    over threads or ranks (two learner ranks must reproduce one process's critic update)."""
    import torch

    from coderl.ops import value_gae

    gen = torch.Generator().manual_seed(0)
    for dtype in (torch.bfloat16, torch.float32, torch.float16):
        hidden = torch.randn(7, 64, 1000, generator=gen).to(dtype)  # 1000: a tail after the whole vectors
        weight = torch.randn(1000, generator=gen)
        rewards, mask = torch.zeros(7, 64), torch.ones(7, 64, dtype=torch.bool)
        one = value_gae(hidden, weight, 0.0, rewards, mask, gamma=1.0, lam=0.95, num_threads=1).values
        two = value_gae(hidden, weight, 0.0, rewards, mask, gamma=1.0, lam=0.95, num_threads=2).values
        part = value_gae(hidden[2:5], weight, 0.0, rewards[2:5], mask[2:5], gamma=1.0, lam=0.95, num_threads=1).values
        assert torch.equal(one, two) and torch.equal(one[2:5], part), dtype
