"""Training: the config file, the supervised warm start, checkpoints, the metrics log, and the PPO trainer
behind ``coderl train`` (:class:`~coderl.train.trainer.Trainer`, one method per phase).

``train`` and ``Trainer`` are imported on first use: the config alone (and ``coderl train --help``) loads
without torch.
"""

from __future__ import annotations

from typing import Any

from coderl.train.config import ConfigError, TrainConfig, load_config

__all__ = ["ConfigError", "TrainConfig", "Trainer", "load_config", "train"]


def __getattr__(name: str) -> Any:
    if name == "train":
        from coderl.train.loop import train

        return train
    if name == "Trainer":
        from coderl.train.trainer import Trainer

        return Trainer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
