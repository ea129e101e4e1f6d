"""``train``: a whole training run with :class:`~coderl.train.trainer.Trainer` (rollouts → experience → PPO
update → weight sync → log → checkpoint, for N iterations). The summary helpers are re-exported from
:mod:`coderl.train.metrics` for the callers that import them from here."""

from __future__ import annotations

import asyncio
from typing import Any

from coderl.train.config import TrainConfig
from coderl.train.metrics import iteration_metrics, plot_run, summarize_run
from coderl.train.trainer import Trainer

__all__ = ["Trainer", "iteration_metrics", "plot_run", "summarize_run", "train"]


def train(config: TrainConfig, *, resume: bool = False, console: Any = None) -> dict[str, Any]:
    """Run (or resume) training; returns the summary (reward of the first and last fifth, time, plot)."""
    return asyncio.run(Trainer(config, resume=resume, console=console).run())
