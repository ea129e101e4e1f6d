"""coderl.ops.gae on CPU (native C++) against the float64 reference, plus semantics and input errors."""

from __future__ import annotations

import pytest
import torch
from batches import MASK_KINDS, assert_close, cu_seqlens, make_batch, make_flat_critic_batch, pack
from hypothesis import assume, given
from hypothesis import strategies as st

from coderl.ops import gae, gae_reference
from coderl.ops.reference import masked_whiten_reference

# every test of this module runs on both CPU codes (tests/conftest.py: gae_cpu_code)
pytestmark = pytest.mark.usefixtures("gae_cpu_code")

DTYPES = {"float32": torch.float32, "bfloat16": torch.bfloat16, "float16": torch.float16}


def _ref(batch: dict, **kw):
    return gae_reference(batch["rewards"], batch["values"], batch["mask"], **kw)


@st.composite
def gae_options(draw):
    opts: dict = {"gamma": draw(st.sampled_from([1.0, 0.99, 0.9, 0.0]))}
    lam_mode = draw(st.sampled_from(["default", "scalar", "per_row", "adaptive"]))
    if lam_mode == "scalar":
        opts["lam"] = draw(st.sampled_from([0.0, 0.5, 0.95, 1.0]))
    elif lam_mode == "per_row":
        opts["lam"] = "per_row"
    elif lam_mode == "adaptive":
        opts["lam_alpha"] = draw(st.sampled_from([0.05, 0.5, 2.0]))
    critic = draw(st.sampled_from([None, 1.0, 0.9, "per_row"]))
    if critic is not None:
        opts["lam_critic"] = critic
    opts["bootstrap"] = draw(st.booleans())
    opts["whiten"] = draw(st.booleans())
    return opts


def _materialize(opts: dict, batch: dict, seed: int) -> dict:
    b = batch["rewards"].shape[0]
    gen = torch.Generator().manual_seed(seed + 1)
    kw = dict(opts)
    if kw.get("lam") == "per_row":
        kw["lam"] = torch.rand(b, generator=gen)
    if kw.get("lam_critic") == "per_row":
        kw["lam_critic"] = torch.rand(b, generator=gen)
    kw["bootstrap"] = batch["bootstrap"] if kw.pop("bootstrap") else None
    return kw


@given(
    seed=st.integers(0, 2**16),
    b=st.integers(1, 9),
    t=st.integers(1, 300),
    kind=st.sampled_from(MASK_KINDS),
    dtype=st.sampled_from(sorted(DTYPES)),
    opts=gae_options(),
    threads=st.sampled_from([1, 2, 3]),
)
def test_native_matches_reference(seed, b, t, kind, dtype, opts, threads):
    batch = make_batch(seed, b, t, kind, DTYPES[dtype])
    kw = _materialize(opts, batch, seed)
    adv, ret = gae(batch["rewards"], batch["values"], batch["mask"], num_threads=threads, **kw)
    ref_adv, ref_ret = _ref(batch, **kw)
    assert adv.dtype == ret.dtype == torch.float32
    assert_close(adv, ref_adv, what="advantages")
    assert_close(ret, ref_ret, what="returns")


@given(
    seed=st.integers(0, 2**16),
    lengths=st.lists(st.integers(0, 200), min_size=1, max_size=8),
    kind=st.sampled_from(MASK_KINDS),
    opts=gae_options(),
    offsets_dtype=st.sampled_from([torch.int32, torch.int64]),
)
def test_packed_layout_agrees_with_padded(seed, lengths, kind, opts, offsets_dtype):
    t = max(max(lengths), 1)
    batch = make_batch(seed, len(lengths), t, kind)
    kw = _materialize(opts, batch, seed)
    # Padding beyond each row's length is masked out in the padded layout.
    for i, n in enumerate(lengths):
        batch["mask"][i, n:] = False
        batch["rewards"][i, n:] = 0
    padded_adv, padded_ret = gae(batch["rewards"], batch["values"], batch["mask"], **kw)
    cu = cu_seqlens(lengths, offsets_dtype)
    packed = {k: pack(batch[k], lengths) for k in ("rewards", "values", "mask")}
    adv, ret = gae(packed["rewards"], packed["values"], packed["mask"], cu_seqlens=cu, **kw)
    assert adv.shape == (sum(lengths),)
    assert_close(adv, pack(padded_adv, lengths), rel=1e-5, what="packed advantages")
    assert_close(ret, pack(padded_ret, lengths), rel=1e-5, what="packed returns")
    ref_adv, ref_ret = gae_reference(packed["rewards"], packed["values"], packed["mask"], cu_seqlens=cu, **kw)
    assert_close(adv, ref_adv, what="packed vs reference")
    assert_close(ret, ref_ret, what="packed returns vs reference")


def test_hand_computed_multi_turn_example():
    # Tokens: [obs, act, act, obs(reward 1 on a tool output), act, pad]
    rewards = torch.tensor([[0.0, 0.0, 0.0, 1.0, 2.0, 0.0]])
    values = torch.tensor([[9.0, 0.5, 0.25, 9.0, 1.0, 9.0]])
    mask = torch.tensor([[0, 1, 1, 0, 1, 0]], dtype=torch.bool)
    g, lam = 0.9, 0.5
    adv, ret = gae(rewards, values, mask, gamma=g, lam=lam)
    # Policy tokens only: t4 (r=2, V=1, next V=0), t2 (r=0 + 1 from the skipped obs, V=.25, next V=1),
    # t1 (r=0, V=.5, next V=.25).
    d4 = 2.0 + g * 0.0 - 1.0
    d2 = (0.0 + 1.0) + g * 1.0 - 0.25
    d1 = 0.0 + g * 0.25 - 0.5
    a4 = d4
    a2 = d2 + g * lam * a4
    a1 = d1 + g * lam * a2
    expected_adv = torch.tensor([[0.0, a1, a2, 0.0, a4, 0.0]])
    expected_ret = torch.tensor([[0.0, a1 + 0.5, a2 + 0.25, 0.0, a4 + 1.0, 0.0]])
    torch.testing.assert_close(adv, expected_adv)
    torch.testing.assert_close(ret, expected_ret)


@given(seed=st.integers(0, 2**16), t=st.integers(2, 120))
def test_skipped_tokens_behave_as_if_removed(seed, t):
    batch = make_batch(seed, 1, t, "turns")
    m = batch["mask"][0]
    # Move every skipped token's reward onto the policy token before it, then drop skipped tokens.
    r = batch["rewards"][0].clone()
    keep = m.nonzero().flatten()
    if keep.numel() == 0:
        return
    credited = torch.zeros_like(r)
    last = -1
    for i in range(t):
        if m[i]:
            last = i
        if last >= 0:
            credited[last] += r[i]
    adv, ret = gae(batch["rewards"], batch["values"], batch["mask"], gamma=0.97, lam=0.9)
    dense_adv, dense_ret = gae(
        credited[keep][None],
        batch["values"][0][keep][None],
        torch.ones(1, keep.numel(), dtype=torch.bool),
        gamma=0.97,
        lam=0.9,
    )
    torch.testing.assert_close(adv[0][keep], dense_adv[0], rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(ret[0][keep], dense_ret[0], rtol=1e-5, atol=1e-5)
    assert bool((adv[0][~m] == 0).all()) and bool((ret[0][~m] == 0).all())


def test_all_masked_rows_and_single_token_rows():
    rewards = torch.tensor([[1.0, 2.0, 3.0], [0.0, 0.0, 0.0]])
    values = torch.ones(2, 3)
    mask = torch.tensor([[0, 0, 0], [0, 0, 1]], dtype=torch.bool)
    adv, ret = gae(rewards, values, mask, gamma=0.5, lam=0.5, bootstrap=torch.tensor([7.0, 4.0]))
    assert bool((adv[0] == 0).all()) and bool((ret[0] == 0).all())
    torch.testing.assert_close(adv[1], torch.tensor([0.0, 0.0, 0.5 * 4.0 - 1.0]))
    one = gae(torch.tensor([[1.0]]), torch.tensor([[0.25]]), torch.tensor([[True]]), gamma=0.9)
    torch.testing.assert_close(one.advantages, torch.tensor([[0.75]]))
    torch.testing.assert_close(one.returns, torch.tensor([[1.0]]))


@pytest.mark.parametrize("opts", [{"gamma": 1.0, "lam": 1.0}, {"gamma": 0.999, "lam": 0.95, "lam_critic": 1.0}])
def test_very_long_rows(opts):
    # T = 32768: closed forms that divide by (gamma * lam)^t overflow here; the recurrence must not.
    batch = make_batch(3, 2, 32768, "turns")
    adv, ret = gae(batch["rewards"], batch["values"], batch["mask"], bootstrap=batch["bootstrap"], **opts)
    ref_adv, ref_ret = _ref(batch, bootstrap=batch["bootstrap"], **opts)
    assert bool(torch.isfinite(adv).all()) and bool(torch.isfinite(ret).all())
    assert_close(adv, ref_adv, rel=1e-4, what="long-row advantages")
    assert_close(ret, ref_ret, rel=1e-4, what="long-row returns")


def test_results_do_not_depend_on_thread_count():
    batch = make_batch(11, 37, 2000, "random")
    outs = [
        gae(batch["rewards"], batch["values"], batch["mask"], gamma=0.99, lam=0.95, whiten=True, num_threads=n)
        for n in (1, 2, 4)
    ]
    for other in outs[1:]:
        assert torch.equal(
            outs[0].advantages[outs[0].advantages != 0].sign(), other.advantages[other.advantages != 0].sign()
        )
        torch.testing.assert_close(other.advantages, outs[0].advantages, rtol=1e-5, atol=1e-6)
        assert torch.equal(other.returns, outs[0].returns)


def test_whitening_gives_zero_mean_unit_variance_on_policy_tokens():
    batch = make_batch(5, 16, 500, "turns")
    adv, ret = gae(batch["rewards"], batch["values"], batch["mask"], gamma=0.99, lam=0.95, whiten=True)
    raw_adv, raw_ret = gae(batch["rewards"], batch["values"], batch["mask"], gamma=0.99, lam=0.95)
    sel = adv[batch["mask"]].double()
    assert abs(float(sel.mean())) < 1e-5
    assert abs(float(sel.std()) - 1.0) < 1e-4
    assert bool((adv[~batch["mask"]] == 0).all())
    assert torch.equal(ret, raw_ret)  # returns are never whitened
    assert not torch.equal(adv, raw_adv)


@given(
    seed=st.integers(0, 2**16),
    b=st.integers(1, 9),
    t=st.integers(8, 400),
    kind=st.sampled_from(["turns", "random", "all_policy"]),
    spread=st.sampled_from([1, 3]),
    eps=st.sampled_from([1e-8, 0.0]),
    threads=st.sampled_from([1, 2, 3]),
)
def test_whitening_is_exact_when_the_mean_dwarfs_the_spread(seed, b, t, kind, spread, eps, threads):
    # Issue 17: a one-pass float32 sum of squares gave a 41% error in the scale here (11x with eps 0).
    batch = make_flat_critic_batch(seed, b, t, kind, spread)
    kw = {"gamma": 1.0, "lam": 0.0, "bootstrap": batch["bootstrap"]}
    raw, _ = gae(batch["rewards"], batch["values"], batch["mask"], num_threads=threads, **kw)
    ref_raw, _ = _ref(batch, **kw)
    assert torch.equal(raw.double(), ref_raw)  # the batch is exact: only whitening can err
    sel = ref_raw[batch["mask"]]
    assume(sel.numel() >= 2 and float(sel.std()) > 0)
    assert float(sel.mean() ** 2 / sel.var()) > 1e6  # the ill-conditioned case, not an easy one
    adv, _ = gae(
        batch["rewards"], batch["values"], batch["mask"], whiten=True, whiten_eps=eps, num_threads=threads, **kw
    )
    expected = masked_whiten_reference(ref_raw, batch["mask"], eps)
    assert_close(adv, expected, rel=1e-6, what="whitened advantages")
    if eps == 0.0 and sel.numel() > 100:
        assert abs(float(adv[batch["mask"]].double().std()) - 1.0) < 1e-5


def test_length_adaptive_lambda_uses_policy_token_count():
    batch = make_batch(8, 3, 400, "turns")
    alpha = 0.05
    adv, _ = gae(batch["rewards"], batch["values"], batch["mask"], gamma=1.0, lam_alpha=alpha)
    counts = batch["mask"].sum(dim=1)
    for row in range(3):
        lam = float(torch.clamp(1 - 1 / (alpha * counts[row].double()), 0, 1))
        row_adv, _ = gae(
            batch["rewards"][row : row + 1],
            batch["values"][row : row + 1],
            batch["mask"][row : row + 1],
            gamma=1.0,
            lam=lam,
        )
        torch.testing.assert_close(adv[row], row_adv[0], rtol=1e-5, atol=1e-5)


def test_out_buffers_are_written_in_place():
    batch = make_batch(2, 4, 64)
    out = (torch.full((4, 64), 123.0), torch.full((4, 64), 456.0))
    res = gae(batch["rewards"], batch["values"], batch["mask"], gamma=0.9, lam=0.9, out=out)
    assert res.advantages is out[0] and res.returns is out[1]
    ref = gae(batch["rewards"], batch["values"], batch["mask"], gamma=0.9, lam=0.9)
    assert torch.equal(out[0], ref.advantages) and torch.equal(out[1], ref.returns)


def test_empty_inputs():
    for shape in [(0, 5), (3, 0)]:
        res = gae(torch.zeros(shape), torch.zeros(shape), torch.zeros(shape, dtype=torch.bool))
        assert res.advantages.shape == shape
    res = gae(torch.zeros(0), torch.zeros(0), torch.zeros(0, dtype=torch.bool), cu_seqlens=torch.tensor([0]))
    assert res.advantages.shape == (0,)


@pytest.mark.parametrize(
    ("mutate", "error", "match"),
    [
        (lambda k: k.update(values=torch.zeros(2, 5)), ValueError, "values has shape"),
        (lambda k: k.update(rewards=torch.zeros(2, 4, dtype=torch.float64)), TypeError, "rewards must be float32"),
        (lambda k: k.update(mask=torch.ones(2, 4)), TypeError, "mask must be torch.bool"),
        (lambda k: k.update(values=torch.zeros(4, 2).T), ValueError, "values must be contiguous"),
        (lambda k: k.update(lam=1.5), ValueError, "lam must lie in"),
        (lambda k: k.update(lam=-0.1), ValueError, "lam must lie in"),
        (lambda k: k.update(lam=torch.tensor([0.5, 2.0])), ValueError, "lam must lie in"),
        (lambda k: k.update(lam=torch.tensor([0.5, 0.5, 0.5])), ValueError, "one entry per row"),
        (lambda k: k.update(lam_critic=float("nan")), ValueError, "lam_critic must lie in"),
        (lambda k: k.update(gamma=1.01), ValueError, "gamma must lie in"),
        (lambda k: k.update(lam=0.9, lam_alpha=0.05), ValueError, "either lam or lam_alpha"),
        (lambda k: k.update(lam_alpha=0.0), ValueError, "lam_alpha must be > 0"),
        (lambda k: k.update(bootstrap=torch.zeros(3)), ValueError, "bootstrap must be a scalar or have one"),
        (lambda k: k.update(rewards=[[0.0] * 4] * 2), TypeError, "rewards must be a torch.Tensor"),
        (lambda k: k.update(backend="cuda"), ValueError, "backend must be one of"),
        (lambda k: k.update(num_threads=0), ValueError, "num_threads must be >= 1"),
        (lambda k: k.update(rewards=torch.zeros(8)), ValueError, "rewards must be 2-D"),
    ],
)
def test_bad_input_gets_a_clear_error(mutate, error, match):
    kwargs = {"rewards": torch.zeros(2, 4), "values": torch.zeros(2, 4), "mask": torch.ones(2, 4, dtype=torch.bool)}
    mutate(kwargs)
    with pytest.raises(error, match=match):
        gae(kwargs.pop("rewards"), kwargs.pop("values"), kwargs.pop("mask"), **kwargs)


@pytest.mark.parametrize(
    ("cu", "match"),
    [
        (torch.tensor([0, 3, 2, 6]), "non-decreasing"),
        (torch.tensor([0, 3, 5]), "end at N=6"),
        (torch.tensor([1, 6]), "start at 0"),
        (torch.tensor([0.0, 6.0]), "int32 or int64"),
        (torch.tensor([[0, 6]]), "1-D"),
    ],
)
def test_bad_cu_seqlens(cu, match):
    with pytest.raises((ValueError, TypeError), match=match):
        gae(torch.zeros(6), torch.zeros(6), torch.ones(6, dtype=torch.bool), cu_seqlens=cu)


def test_native_extension_never_copies_silently():
    from coderl import _native

    def call(mask, adv):
        r = torch.zeros(2, 4)
        # positional arguments: cu_seqlens, rows, T, gamma, lam, lam_rows, lam_alpha, decoupled,
        # lam_critic, lam_critic_rows, bootstrap, whiten, whiten_eps, threads
        _native.gae(r, r, mask, adv, torch.zeros(2, 4), None, 2, 4, 1.0, 1.0, None, 0.0, False, 1.0, None, None,
                    False, 1e-8, 1)  # fmt: skip

    bool_mask = torch.ones(2, 4, dtype=torch.bool)
    with pytest.raises(TypeError):
        call(bool_mask, torch.zeros(2, 4, dtype=torch.float64))  # wrong output dtype
    with pytest.raises(TypeError):
        call(bool_mask, torch.zeros(4, 2).T)  # non-contiguous output
    with pytest.raises(ValueError, match="mask must be bool or uint8"):
        call(torch.ones(2, 4), torch.zeros(2, 4))


def test_reference_backend_matches_the_oracle():
    batch = make_batch(21, 3, 90, "turns")
    kw = {"gamma": 0.95, "lam_alpha": 0.05, "lam_critic": 1.0, "whiten": True, "bootstrap": batch["bootstrap"]}
    adv, ret = gae(batch["rewards"], batch["values"], batch["mask"], backend="reference", **kw)
    ref_adv, ref_ret = _ref(batch, **kw)
    assert adv.dtype == torch.float32
    assert_close(adv, ref_adv, rel=1e-6, what="reference backend")
    assert_close(ret, ref_ret, rel=1e-6, what="reference backend returns")


def test_backend_selection_rules(monkeypatch):
    from coderl.ops import backend

    assert backend.select("auto", torch.device("cpu")) == "native"
    assert backend.select("auto", torch.device("cuda", 0)) == "triton"
    with pytest.raises(ValueError, match="native backend runs on CPU"):
        backend.select("native", torch.device("cuda", 0))
    monkeypatch.setenv("TRITON_INTERPRET", "0")
    with pytest.raises(ValueError, match="needs GPU tensors"):
        backend.select("triton", torch.device("cpu"))


def test_num_threads_environment_variable(monkeypatch):
    from coderl.ops import backend

    monkeypatch.setenv("CODERL_NUM_THREADS", "3")
    assert backend.num_threads(None) == 3
    assert backend.num_threads(5) == 5
    monkeypatch.setenv("CODERL_NUM_THREADS", "many")
    with pytest.raises(ValueError, match="CODERL_NUM_THREADS"):
        backend.num_threads(None)


def test_the_avx2_code_runs_where_the_cpu_has_it_and_agrees_with_the_baseline(gae_cpu_code):
    """On an x86-64 CPU with AVX2 and FMA the detected code is the AVX2 one; both give the same advantages and
    returns to float32 rounding (one rounding per fused multiply-add instead of two) on a long batch with every
    option on."""
    import os
    import platform
    from pathlib import Path

    from coderl import _native

    flags = Path("/proc/cpuinfo").read_text().split() if platform.system() == "Linux" else []
    avx2 = platform.machine() == "x86_64" and "avx2" in flags and "fma" in flags
    avx2 = avx2 and os.environ.get("CODERL_GAE_ISA") != "baseline"  # the user's escape hatch
    _native.set_gae_baseline(False)
    try:
        assert _native.gae_isa() == ("avx2" if avx2 else "baseline")
        batch = make_batch(3, 24, 3000, "turns")
        kw = {"gamma": 0.999, "lam": 0.95, "lam_critic": 1.0, "whiten": True, "bootstrap": batch["bootstrap"]}
        detected = gae(batch["rewards"], batch["values"], batch["mask"], **kw)
        _native.set_gae_baseline(True)
        assert _native.gae_isa() == "baseline"
        baseline = gae(batch["rewards"], batch["values"], batch["mask"], **kw)
    finally:
        _native.set_gae_baseline(gae_cpu_code == "baseline")
    torch.testing.assert_close(detected.advantages, baseline.advantages, rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(detected.returns, baseline.returns, rtol=1e-5, atol=1e-5)
    assert torch.equal(detected.advantages == 0, baseline.advantages == 0)
