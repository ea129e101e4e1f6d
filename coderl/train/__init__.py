"""Training: the config file, the supervised warm start, checkpoints, and the PPO loop behind ``coderl train``.

``train`` is imported on first use: the config alone (and ``coderl train --help``) loads without torch.
"""

from __future__ import annotations

from typing import Any

from coderl.train.config import ConfigError, TrainConfig, load_config

__all__ = ["ConfigError", "TrainConfig", "load_config", "train"]


def __getattr__(name: str) -> Any:
    if name == "train":
        from coderl.train.loop import train

        return train
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
