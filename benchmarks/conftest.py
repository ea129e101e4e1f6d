"""Benchmark harness: the machine's memory bandwidth measured in the same run, and a summary table
(time, ratio to the memory-traffic bound, speed-up over the peers) printed and written to
``benchmarks/out/`` (JSON, Markdown, PNG) at the end of the session."""

from __future__ import annotations

import json
import platform
import time
from collections import defaultdict
from pathlib import Path

import numpy as np
import pytest
import torch

OUT = Path(__file__).parent / "out"
_BANDWIDTH: dict[str, float] = {}


def _best_of(fn, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def measure_cpu_bandwidth(nbytes: int = 256 << 20) -> float:
    """Best copy bandwidth (bytes read + written per second) of torch (multi-threaded) and numpy."""
    src = torch.ones(nbytes // 4, dtype=torch.float32)
    dst = torch.empty_like(src)
    dst.copy_(src)
    t_torch = _best_of(lambda: dst.copy_(src), 10)
    a, b = src.numpy(), dst.numpy()
    t_numpy = _best_of(lambda: np.copyto(b, a), 10)
    return 2 * nbytes / min(t_torch, t_numpy)


def measure_gpu_bandwidth(nbytes: int = 1 << 30) -> float:
    src = torch.ones(nbytes // 4, dtype=torch.float32, device="cuda")
    dst = torch.empty_like(src)
    for _ in range(3):
        dst.copy_(src)
    torch.cuda.synchronize()
    best = float("inf")
    for _ in range(20):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        dst.copy_(src)
        end.record()
        torch.cuda.synchronize()
        best = min(best, start.elapsed_time(end) / 1e3)
    return 2 * nbytes / best


@pytest.fixture(scope="session")
def cpu_bandwidth() -> float:
    if "cpu" not in _BANDWIDTH:
        _BANDWIDTH["cpu"] = measure_cpu_bandwidth()
    return _BANDWIDTH["cpu"]


@pytest.fixture(scope="session")
def gpu_bandwidth() -> float:
    if "gpu" not in _BANDWIDTH:
        _BANDWIDTH["gpu"] = measure_gpu_bandwidth()
    return _BANDWIDTH["gpu"]


def _rows(config: pytest.Config) -> list[dict]:
    session = getattr(config, "_benchmarksession", None)
    if session is None:
        return []
    rows = []
    for bench in session.benchmarks:
        if not bench.stats or not bench.stats.rounds:
            continue
        info = dict(bench.extra_info)
        rows.append(
            {
                "group": bench.group or "",
                "impl": info.get("impl", bench.name),
                "median_s": bench.stats.median,
                "min_s": bench.stats.min,
                "rounds": bench.stats.rounds,
                **info,
            }
        )
    return rows


def _summarize(rows: list[dict]) -> list[dict]:
    groups: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        groups[row["group"]].append(row)
    out = []
    for members in groups.values():
        # Speed-ups compare throughput, so peers timed on a sample (data_bytes) compare fairly.
        def rate(r: dict) -> float:
            return r.get("data_bytes", 1) / r["median_s"]

        peer = {r["impl"]: rate(r) for r in members}
        for r in members:
            r = dict(r)
            if "data_bytes" in r:
                r["MBps"] = r["data_bytes"] / r["median_s"] / 1e6
            bw = _BANDWIDTH.get(r.get("device", "cpu"))
            if bw and r.get("bytes"):
                r["bound_s"] = r["bytes"] / bw
                r["x_bound"] = r["median_s"] / r["bound_s"]
            for name in r.get("compare_to", []):
                if name in peer and r["median_s"] > 0:
                    r[f"speedup_vs_{name}"] = rate(r) / peer[name]
            out.append(r)
    return out


def _fmt_time(s: float) -> str:
    return f"{s * 1e3:.3f} ms" if s < 10 else f"{s:.2f} s"


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    rows = _summarize(_rows(config))
    if not rows:
        return
    OUT.mkdir(exist_ok=True)
    machine = {
        "cpu": platform.processor() or platform.machine(),
        "cores": torch.get_num_threads(),
        "torch": torch.__version__,
        "bandwidth_GBps": {k: v / 1e9 for k, v in _BANDWIDTH.items()},
        "date": time.strftime("%Y-%m-%d"),
    }
    (OUT / "summary.json").write_text(json.dumps({"machine": machine, "results": rows}, indent=2))
    lines = [
        "| group | implementation | median | MB/s | tokens/s | x memory bound | speed-up vs peers |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        speed = ", ".join(
            f"{k.removeprefix('speedup_vs_')}: " + (f"{v:,.2f}x" if v < 10 else f"{v:,.0f}x")
            for k, v in r.items()
            if k.startswith("speedup_vs_")
        )
        bound = f"{r['x_bound']:.2f}" if "x_bound" in r else "-"
        mbps = f"{r['MBps']:.1f}" if "MBps" in r else "-"
        tps = f"{r['tokens_per_s']:,.0f}" if "tokens_per_s" in r else "-"
        lines.append(
            f"| {r['group']} | {r['impl']} | {_fmt_time(r['median_s'])} | {mbps} | {tps} | {bound} | {speed or '-'} |"
        )
    bw = ", ".join(f"{k}: {v / 1e9:.1f} GB/s" for k, v in _BANDWIDTH.items())
    table = "\n".join(lines)
    (OUT / "summary.md").write_text(f"Measured bandwidth ({bw})\n\n{table}\n")
    terminalreporter.write_sep("=", "coderl benchmark summary")
    terminalreporter.write_line(f"memory bandwidth measured in this run: {bw}")
    for line in lines:
        terminalreporter.write_line(line)
    try:
        _plot(rows, OUT / "summary.png")
        terminalreporter.write_line(f"plot: {OUT / 'summary.png'}")
    except Exception as exc:  # a plotting problem must not fail the benchmark run
        terminalreporter.write_line(f"plot skipped: {exc}")


def _plot(rows: list[dict], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import LogLocator, NullFormatter

    groups = sorted({r["group"] for r in rows})
    height = sum(1.0 + 0.4 * sum(r["group"] == g for r in rows) for g in groups)
    fig, axes = plt.subplots(len(groups), 1, figsize=(9, height), squeeze=False)
    for ax, group in zip(axes[:, 0], groups, strict=True):
        members = [r for r in rows if r["group"] == group]
        names = [r["impl"] for r in members]
        times = [r["median_s"] * 1e3 for r in members]
        bound = next((r["bound_s"] * 1e3 for r in members if "bound_s" in r), None)
        left = min([*times, bound or times[0]]) / 3
        ax.barh(names, [t - left for t in times], left=left, color="tab:blue")
        for y, r in enumerate(members):
            label = f"{r['median_s'] * 1e3:.3g} ms" + (f"  ({r['x_bound']:.2f}x bound)" if "x_bound" in r else "")
            ax.text(r["median_s"] * 1e3 * 1.1, y, label, va="center", fontsize=8)
        if bound:
            ax.axvline(bound, color="tab:red", linestyle="--", label="memory-traffic bound")
            ax.legend(loc="lower right", fontsize=8)
        ax.set_xscale("log")
        ax.set_xlim(left, max(times) * 30)
        ax.xaxis.set_major_locator(LogLocator(base=10))
        ax.xaxis.set_minor_formatter(NullFormatter())
        ax.set_xlabel("median time (ms, log scale)")
        ax.set_title(group, fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
