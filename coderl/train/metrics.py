"""The run's metrics: one log that owns ``metrics.jsonl`` and the TensorBoard events, and the numbers in them.

:class:`MetricsLog` is the only writer of both. Opened at iteration ``start`` (a resume), it keeps the
records of the iterations before it (those the checkpoint covers) and drops the rest; that rewrite is
atomic (a temporary file, fsync, then a rename, as the checkpoints are written), so a crash while
resuming never leaves a half-written log. TensorBoard purges its events from ``start`` on too, so
both show every iteration exactly once. Each new record is appended as one line and flushed.
"""

from __future__ import annotations

import json
import logging
import os
from collections import Counter
from pathlib import Path
from typing import Any

from coderl.rollout.loop import summarize
from coderl.rollout.trajectory import Trajectory

__all__ = ["METRICS_FILE", "MetricsLog", "format_line", "iteration_metrics", "plot_run", "summarize_run"]

log = logging.getLogger("coderl.train")

METRICS_FILE = "metrics.jsonl"


class MetricsLog:
    """``metrics.jsonl`` and TensorBoard for one run directory, from iteration ``start`` on."""

    def __init__(self, out_dir: Path, *, start: int = 0, tensorboard: bool = True) -> None:
        """Keep the records of iterations before ``start`` (atomically) and open TensorBoard purged from it;
        without TensorBoard installed (or ``tensorboard=False``) the metrics go to ``metrics.jsonl`` only."""
        self.path = out_dir / METRICS_FILE
        self.history: list[dict[str, Any]] = _records_before(self.path, start)
        _write_atomically(self.path, "".join(json.dumps(r) + "\n" for r in self.history))
        self._tb: Any = _tensorboard(out_dir / "tensorboard", start) if tensorboard else None

    def append(self, record: dict[str, Any]) -> None:
        """Log one iteration's record (it must hold ``iteration``): a line of JSON, and its numbers as scalars."""
        step = int(record["iteration"])
        self.history.append(record)
        with self.path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(record) + "\n")
        if self._tb is not None:
            for key, value in record.items():
                if isinstance(value, (int, float)) and not isinstance(value, bool):
                    self._tb.add_scalar(key, value, step)
            self._tb.flush()

    def close(self) -> None:
        """Close TensorBoard's writer (``metrics.jsonl`` is closed after every line)."""
        if self._tb is not None:
            self._tb.close()
            self._tb = None

    def __enter__(self) -> MetricsLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _records_before(path: Path, start: int) -> list[dict[str, Any]]:
    """The records of iterations before ``start``, up to the first line that is not JSON (a torn last line)."""
    if not path.exists():
        return []
    kept = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            break
        if isinstance(record, dict) and record.get("iteration", 1 << 30) < start:
            kept.append(record)
    return kept


def _write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` all at once: readers and a crash see the old file or the new one."""
    tmp = path.with_name(f".{path.name}.tmp")
    with tmp.open("w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def _tensorboard(logdir: Path, start: int) -> Any:
    try:
        from torch.utils.tensorboard import SummaryWriter
    except ImportError:
        log.warning("tensorboard is not installed: metrics go to metrics.jsonl only")
        return None
    return SummaryWriter(str(logdir), purge_step=start)


def iteration_metrics(trajs: list[Trajectory], update: dict[str, float], phases: dict[str, float]) -> dict[str, Any]:
    """What one iteration logs: reward, pass rate, intercepts per category, lengths, losses, speed, phases."""
    s = summarize(trajs)
    n = max(len(trajs), 1)
    categories: Counter[str] = Counter(c for t in trajs for i in t.marks.get("intercepts", []) for c in i["categories"])
    generated = s["generated_tokens"]
    mean = s["mean_reward"]
    return {
        "episodes": len(trajs),
        "reward": mean,
        "reward_var": sum((t.reward - mean) ** 2 for t in trajs) / n,
        "pass_rate": s["pass_rate"],
        "intercept_rate": sum(1 for t in trajs if t.marks.get("marked")) / n,
        "intercepts_by_category": {k: v / n for k, v in categories.items()},
        "response_tokens": generated / n,
        "episode_tokens": s["total_tokens"] / n,
        "turns": s["mean_turns"],
        "parse_errors": s["parse_errors"] / n,
        "finish": s["finish"],
        **dict(update),
        "rollout_tokens_per_s": generated / max(phases.get("rollout_s", 0.0), 1e-9),
        "learner_tokens_per_s": generated / max(phases.get("update_s", 0.0), 1e-9),
        **phases,
    }


def format_line(record: dict[str, Any]) -> str:
    """The terminal's one line per iteration."""
    return (
        f"iter {record['iteration']:3d}  reward {record['reward']:.2f}  pass {record['pass_rate']:.2f}  "
        f"value_loss {record.get('value_loss', 0):.4f}  entropy {record.get('entropy', 0):.2f}  "
        f"clip {record.get('clip_fraction', 0):.2f}  intercepts {record['intercept_rate']:.2f}  "
        f"{record['iteration_s']:.1f}s (rollout {record['rollout_s']:.1f}, update {record['update_s']:.1f}, "
        f"sync {record['sync_s'] * 1e3:.0f} ms)" + ("  [critic only]" if record.get("critic_only") else "")
    )


def plot_run(metrics: list[dict[str, Any]], path: Path) -> None:
    """Reward and value-loss curves over iterations (PNG)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    its = [m["iteration"] for m in metrics]
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 3.6))
    ax1.plot(its, [m["reward"] for m in metrics], marker="o", label="mean reward")
    ax1.plot(its, [m["pass_rate"] for m in metrics], linestyle="--", label="pass rate (hidden tests)")
    ax1.set_xlabel("iteration")
    ax1.set_ylim(-0.05, 1.05)
    ax1.legend()
    ax1.set_title("reward")
    ax2.plot(its, [m.get("value_loss", float("nan")) for m in metrics], marker="o", color="tab:red")
    ax2.set_xlabel("iteration")
    ax2.set_title("value loss")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def summarize_run(metrics: list[dict[str, Any]]) -> dict[str, Any]:
    """The run in a few numbers: mean reward of the first and last fifth of the iterations, the rise and
    its standard error (each iteration's reward is a mean over its episodes, binomial-like for pass/fail
    rewards), and whether the rise is clear (more than two standard errors)."""
    rewards = [m["reward"] for m in metrics]
    fifth = max(1, len(rewards) // 5)
    first_mean, first_var = _pooled(metrics[:fifth])
    last_mean, last_var = _pooled(metrics[-fifth:])
    stderr = (first_var + last_var) ** 0.5
    rise = last_mean - first_mean
    return {
        "iterations": len(rewards),
        "reward_first_fifth": first_mean,
        "reward_last_fifth": last_mean,
        "reward_rise": rise,
        "reward_rise_stderr": stderr,
        "clear_rise": bool(len(rewards) >= 2 and rise > 2.0 * stderr),
        "best_reward": max(rewards, default=0.0),
        "total_time_s": sum(m.get("iteration_s", 0.0) for m in metrics),
    }


def _pooled(part: list[dict[str, Any]]) -> tuple[float, float]:
    """Pooled mean reward over the part's episodes and the variance of that mean."""
    if not part:
        return 0.0, 0.0
    sizes = [max(int(m.get("episodes", 1)), 1) for m in part]
    total = sum(sizes)
    mean = sum(m["reward"] * n for m, n in zip(part, sizes, strict=True)) / total
    spread = sum(
        n * m.get("reward_var", max(m["reward"] * (1.0 - m["reward"]), 0.0)) for m, n in zip(part, sizes, strict=True)
    )
    return mean, spread / total**2
