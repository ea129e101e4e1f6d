"""GAE throughput: coderl's native CPU op side by side with verl's own ``compute_gae_advantage_return`` (in
.venv-verl: ``make bench-verl``), a verl-style per-timestep torch loop (our copy, for runs without verl) and
the torch reference, on padded batches with interior (observation) masks; GPU: the Triton kernels.

Every figure is reported against the memory-traffic bound: bytes read and written (17 per token in
float32: rewards, values, mask in; advantages, returns out) divided by the bandwidth measured in the
same run (see conftest.py). Run: ``make bench`` (or ``pytest benchmarks/bench_gae.py``).
"""

from __future__ import annotations

import pytest
import torch
from data import turn_batch
from peers import verl_style_gae

from coderl.ops import gae, gae_reference

SHAPES = [(256, 4096), (64, 16384)]
BYTES_PER_TOKEN = 4 + 4 + 1 + 4 + 4
GAMMA, LAM = 1.0, 0.95
VERL = "verl compute_gae_advantage_return"
PEERS = [VERL, "verl-style loop", "torch reference"]


@pytest.fixture(scope="module", params=SHAPES, ids=lambda s: f"{s[0]}x{s[1]}")
def batch(request):
    b, t = request.param
    data = turn_batch(b, t, seed=b)
    # The peers compute the same thing on this data (terminal rewards on policy tokens): check once.
    ours = gae(data["rewards"], data["values"], data["mask"], gamma=GAMMA, lam=LAM, whiten=True)
    peer_adv, peer_ret = verl_style_gae(data["rewards"], data["values"], data["mask"], GAMMA, LAM)
    m = data["mask"]
    torch.testing.assert_close(ours.advantages[m], peer_adv[m], rtol=1e-3, atol=1e-3)
    torch.testing.assert_close(ours.returns[m], peer_ret[m], rtol=1e-3, atol=1e-3)
    return data


def _info(benchmark, batch, impl: str, compare: bool = False, bytes_per_token: int = BYTES_PER_TOKEN) -> None:
    b, t = batch["rewards"].shape
    benchmark.group = f"gae {b}x{t} cpu"
    from coderl import _native

    benchmark.extra_info.update(
        impl=impl, tokens=b * t, bytes=bytes_per_token * b * t, device="cpu", compare_to=PEERS if compare else []
    )
    benchmark.extra_info["isa"] = _native.gae_isa()


def test_coderl_native(benchmark, batch, cpu_bandwidth):
    _info(benchmark, batch, "coderl", compare=True)
    benchmark(gae, batch["rewards"], batch["values"], batch["mask"], gamma=GAMMA, lam=LAM)


def test_coderl_native_out_buffers(benchmark, batch, cpu_bandwidth):
    _info(benchmark, batch, "coderl (out=)", compare=True)
    out = (torch.empty_like(batch["values"]), torch.empty_like(batch["values"]))
    benchmark(gae, batch["rewards"], batch["values"], batch["mask"], gamma=GAMMA, lam=LAM, out=out)


def test_coderl_native_whiten_decoupled(benchmark, batch, cpu_bandwidth):
    # Whitening needs the batch statistics before it can normalize: one more pass over the
    # advantages and the mask (read 4 + 1, write 4 bytes a token) belongs to its bound.
    _info(benchmark, batch, "coderl (whiten, decoupled lambda)", compare=True, bytes_per_token=BYTES_PER_TOKEN + 9)
    benchmark(gae, batch["rewards"], batch["values"], batch["mask"], gamma=GAMMA, lam=LAM, lam_critic=1.0, whiten=True)


def test_coderl_native_baseline_isa(benchmark, batch, cpu_bandwidth):
    """The code a CPU without AVX2/FMA runs (the wheel's baseline ISA), on this machine: what the AVX2 path adds."""
    from coderl import _native

    _info(benchmark, batch, "coderl (baseline ISA)", compare=True)
    _native.set_gae_baseline(True)
    try:
        benchmark(gae, batch["rewards"], batch["values"], batch["mask"], gamma=GAMMA, lam=LAM)
    finally:
        _native.set_gae_baseline(False)


def test_coderl_native_single_thread(benchmark, batch, cpu_bandwidth):
    _info(benchmark, batch, "coderl (1 thread)", compare=True)
    benchmark(gae, batch["rewards"], batch["values"], batch["mask"], gamma=GAMMA, lam=LAM, num_threads=1)


def test_verl_style_loop(benchmark, batch, cpu_bandwidth):
    _info(benchmark, batch, "verl-style loop")
    benchmark.pedantic(
        verl_style_gae, args=(batch["rewards"], batch["values"], batch["mask"], GAMMA, LAM), rounds=3, iterations=1
    )


def test_verl_compute_gae_advantage_return(benchmark, batch, cpu_bandwidth):
    """verl's own function (0.9.1), imported from the real package: verl lives in .venv-verl (it caps
    transformers), and `make bench-verl` runs this file there, coderl side by side in the same run."""
    core_algos = pytest.importorskip(
        "verl.trainer.ppo.core_algos", reason="verl is installed in .venv-verl: `make bench-verl` runs this peer"
    )
    mask = batch["mask"].to(batch["values"].dtype)  # verl takes the response mask as numbers (1 - mask)
    args = (batch["rewards"], batch["values"], mask, GAMMA, LAM)
    adv, ret = core_algos.compute_gae_advantage_return(*args)
    ours = gae(batch["rewards"], batch["values"], batch["mask"], gamma=GAMMA, lam=LAM, whiten=True)
    m = batch["mask"]  # the same advantages (whitened over the policy tokens) and returns where it matters
    torch.testing.assert_close(ours.advantages[m], adv[m], rtol=1e-3, atol=1e-3)
    torch.testing.assert_close(ours.returns[m], ret[m], rtol=1e-3, atol=1e-3)
    _info(benchmark, batch, VERL)
    benchmark.pedantic(core_algos.compute_gae_advantage_return, args=args, rounds=3, iterations=1)


def test_torch_reference(benchmark, batch, cpu_bandwidth):
    _info(benchmark, batch, "torch reference")
    benchmark.pedantic(
        gae_reference,
        args=(batch["rewards"], batch["values"], batch["mask"]),
        kwargs={"gamma": GAMMA, "lam": LAM},
        rounds=2,
        iterations=1,
    )


# ---------------------------------------------------------------- GPU (device machine)
GPU_SHAPES = [(256, 4096), (64, 16384), (32, 32768)]


def _gpu_info(benchmark, b, t, impl, compare=False):
    benchmark.group = f"gae {b}x{t} gpu"
    benchmark.extra_info.update(
        impl=impl,
        tokens=b * t,
        bytes=BYTES_PER_TOKEN * b * t,
        device="gpu",
        compare_to=["verl-style loop (gpu)"] if compare else [],
    )


@pytest.mark.gpu
@pytest.mark.parametrize(("b", "t"), GPU_SHAPES, ids=lambda x: str(x))
def test_triton_gae_gpu(benchmark, b, t, gpu_bandwidth):
    data = turn_batch(b, t, seed=b, device="cuda")
    _gpu_info(benchmark, b, t, "coderl triton", compare=True)

    def run():
        gae(data["rewards"], data["values"], data["mask"], gamma=GAMMA, lam=LAM)
        torch.cuda.synchronize()

    run()
    benchmark(run)


@pytest.mark.gpu
@pytest.mark.parametrize(("b", "t"), GPU_SHAPES[:2], ids=lambda x: str(x))
def test_verl_style_loop_gpu(benchmark, b, t, gpu_bandwidth):
    data = turn_batch(b, t, seed=b, device="cuda")
    _gpu_info(benchmark, b, t, "verl-style loop (gpu)")

    def run():
        verl_style_gae(data["rewards"], data["values"], data["mask"], GAMMA, LAM)
        torch.cuda.synchronize()

    benchmark.pedantic(run, rounds=3, iterations=1)
