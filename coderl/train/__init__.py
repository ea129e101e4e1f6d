"""Training: the config file, the supervised warm start, checkpoints, and the PPO loop behind ``coderl train``."""

from coderl.train.config import ConfigError, TrainConfig, load_config
from coderl.train.loop import train

__all__ = ["ConfigError", "TrainConfig", "load_config", "train"]
