"""The critic's value head fused with GAE against the unfused pipeline (value head matmul, then GAE).

The bound is the time to read the hidden states once (the dominant traffic, 2 * H bytes a token in
bf16) plus the GAE traffic, at the bandwidth measured in the same run.
"""

from __future__ import annotations

import pytest
import torch
from data import turn_batch

from coderl.ops import gae, value_gae

B, T, H = 8, 2048, 1024
GAMMA, LAM = 1.0, 0.95


@pytest.fixture(scope="module")
def head_batch():
    data = turn_batch(B, T, seed=7)
    gen = torch.Generator().manual_seed(0)
    data["hidden"] = torch.randn(B, T, H, generator=gen).to(torch.bfloat16)
    data["weight"] = (torch.randn(H, generator=gen) / H**0.5).to(torch.bfloat16)
    return data


def _info(benchmark, impl, compare=False):
    tokens = B * T
    benchmark.group = f"value_gae {B}x{T}x{H} bf16 cpu"
    benchmark.extra_info.update(
        impl=impl,
        tokens=tokens,
        bytes=tokens * (2 * H + 4 + 1 + 3 * 4),
        device="cpu",
        compare_to=["value head + gae (unfused)"] if compare else [],
    )


def test_coderl_value_gae(benchmark, head_batch, cpu_bandwidth):
    _info(benchmark, "coderl value_gae (fused)", compare=True)
    d = head_batch
    benchmark(value_gae, d["hidden"], d["weight"], 0.0, d["rewards"], d["mask"], gamma=GAMMA, lam=LAM)


def test_unfused_value_head_then_gae(benchmark, head_batch, cpu_bandwidth):
    _info(benchmark, "value head + gae (unfused)")
    d = head_batch

    def unfused():
        values = (d["hidden"] @ d["weight"]).float()
        return gae(d["rewards"], values, d["mask"], gamma=GAMMA, lam=LAM)

    benchmark(unfused)


@pytest.mark.gpu
def test_triton_value_gae_gpu(benchmark, gpu_bandwidth):
    b, t, h = 16, 4096, 4096  # 512 MiB of bf16 hidden states
    data = turn_batch(b, t, seed=3, device="cuda")
    hidden = torch.randn(b, t, h, device="cuda", dtype=torch.bfloat16)
    weight = torch.randn(h, device="cuda", dtype=torch.bfloat16) / h**0.5
    benchmark.group = f"value_gae {b}x{t}x{h} bf16 gpu"
    benchmark.extra_info.update(
        impl="coderl triton value_gae", tokens=b * t, bytes=hidden.numel() * 2, device="gpu", compare_to=[]
    )

    def run():
        value_gae(hidden, weight, 0.0, data["rewards"], data["mask"], gamma=GAMMA, lam=LAM)
        torch.cuda.synchronize()

    run()
    benchmark(run)
