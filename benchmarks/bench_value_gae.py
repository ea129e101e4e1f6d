"""The critic's value head fused with GAE against the unfused pipeline (value head matmul, then GAE).

The bound is the time to read the hidden states once (the dominant traffic, 2 * H bytes a token in
bf16) plus the GAE traffic, at the bandwidth measured in the same run.
"""

from __future__ import annotations

import pytest
import torch
from data import turn_batch

from coderl.ops import gae, value_gae

# The two hidden sizes: a small critic's (H = 1024) and a 7B-class one's (H = 4096), 32 MiB of bf16 each.
SHAPES = [(8, 2048, 1024), (2, 2048, 4096)]
GAMMA, LAM = 1.0, 0.95


@pytest.fixture(scope="module", params=SHAPES, ids=[f"{b}x{t}x{h}" for b, t, h in SHAPES])
def head_batch(request):
    b, t, h = request.param
    data = turn_batch(b, t, seed=7)
    gen = torch.Generator().manual_seed(0)
    data["hidden"] = torch.randn(b, t, h, generator=gen).to(torch.bfloat16)
    data["weight"] = (torch.randn(h, generator=gen) / h**0.5).to(torch.bfloat16)
    return data


def _info(benchmark, data, impl, compare=False):
    b, t, h = data["hidden"].shape
    tokens = b * t
    benchmark.group = f"value_gae {b}x{t}x{h} bf16 cpu"
    benchmark.extra_info.update(
        impl=impl,
        tokens=tokens,
        bytes=tokens * (2 * h + 4 + 1 + 3 * 4),
        device="cpu",
        compare_to=["value head + gae (unfused)"] if compare else [],
    )


def test_coderl_value_gae(benchmark, head_batch, cpu_bandwidth):
    d = head_batch
    _info(benchmark, d, "coderl value_gae (fused)", compare=True)
    benchmark(value_gae, d["hidden"], d["weight"], 0.0, d["rewards"], d["mask"], gamma=GAMMA, lam=LAM)


def test_unfused_value_head_then_gae(benchmark, head_batch, cpu_bandwidth):
    d = head_batch
    _info(benchmark, d, "value head + gae (unfused)")

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
