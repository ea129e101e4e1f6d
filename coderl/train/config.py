"""The training configuration: one TOML or YAML file, validated at load time with errors naming the key.

Sections map onto the dataclasses of the parts they configure: ``[rollout]`` → ``RolloutConfig``,
``[sandbox]`` → ``SandboxConfig``, ``[ppo]`` → ``PPOConfig``, ``[guard]`` → ``GuardConfig``; the rest
(``[run]``, ``[model]``, ``[tasks]``, ``[advantage]``, ``[sft]``, ``[judge]``) are defined here.
"""

from __future__ import annotations

import dataclasses
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from coderl.guard.guarded import GuardConfig
from coderl.guard.judge import JudgeConfig
from coderl.learner.ppo import PPOConfig
from coderl.rollout.loop import RolloutConfig
from coderl.sandbox.config import SandboxConfig

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

__all__ = ["ConfigError", "TrainConfig", "load_config"]


class ConfigError(ValueError):
    """A bad configuration file; the message names the section and key."""


@dataclass(frozen=True)
class RunSection:
    """Where outputs go and how long the run is."""

    out_dir: str = "runs/coderl"
    iterations: int = 10
    episodes_per_iteration: int = 16
    group_size: int = 4  # episodes per task in an iteration (GRPO needs > 1)
    seed: int = 0
    checkpoint_every: int = 1
    sandboxes: int = 4
    value_pretrain_iterations: int = 1  # critic-only updates on the first iterations' experience
    threads: int = 0  # torch threads (0: leave as is)


@dataclass(frozen=True)
class ModelSection:
    """The policy (a local checkpoint, or ``tiny`` for a config-built tiny model) and the critic's start."""

    policy: str = "tiny"
    critic: str = "policy"  # "policy": the critic's backbone starts from the policy's weights; or a path
    reference: bool = False  # keep a frozen copy of the initial policy for a KL penalty


@dataclass(frozen=True)
class TasksSection:
    """The task suite: a directory, or generated tasks of a family."""

    dir: str = ""
    generate_family: str = "affine"
    generate_n: int = 32
    generate_seed: int = 0


@dataclass(frozen=True)
class AdvantageSection:
    """``gae`` (critic + GAE, decoupled lambda) or ``grpo``."""

    estimator: Literal["gae", "grpo"] = "gae"
    gamma: float = 1.0
    lam: float = 0.95
    lam_critic: float = 1.0
    lam_alpha: float | None = 0.05  # length-adaptive policy lambda (VAPO); None or 0: fixed ``lam``
    whiten: bool = False  # see make_experience: whitening a batch without signal amplifies critic noise


@dataclass(frozen=True)
class SFTSection:
    """The supervised warm start on reference solutions (0 steps: none)."""

    steps: int = 0
    lr: float = 3e-3
    batch_size: int = 16


@dataclass(frozen=True)
class TrainConfig:
    """Everything one ``coderl train`` run needs."""

    run: RunSection = field(default_factory=RunSection)
    model: ModelSection = field(default_factory=ModelSection)
    tasks: TasksSection = field(default_factory=TasksSection)
    rollout: RolloutConfig = field(default_factory=RolloutConfig)
    sandbox: SandboxConfig = field(default_factory=SandboxConfig)
    guard: GuardConfig = field(default_factory=GuardConfig)
    judge: JudgeConfig | None = None
    ppo: PPOConfig = field(default_factory=PPOConfig)
    advantage: AdvantageSection = field(default_factory=AdvantageSection)
    sft: SFTSection = field(default_factory=SFTSection)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @property
    def out_dir(self) -> Path:
        return Path(self.run.out_dir)


_TYPES: dict[str, type] = {
    "run": RunSection,
    "model": ModelSection,
    "tasks": TasksSection,
    "rollout": RolloutConfig,
    "sandbox": SandboxConfig,
    "guard": GuardConfig,
    "judge": JudgeConfig,
    "ppo": PPOConfig,
    "advantage": AdvantageSection,
    "sft": SFTSection,
}


def _section(name: str, data: Any) -> Any:
    cls = _TYPES[name]
    if not isinstance(data, dict):
        raise ConfigError(f"[{name}] must be a table")
    known = {f.name for f in dataclasses.fields(cls)}
    for key in sorted(set(data) - known):
        raise ConfigError(f"[{name}] {key}: unknown key (known: {', '.join(sorted(known))})")
    for f in dataclasses.fields(cls):
        if f.name in data and isinstance(data[f.name], list):
            data[f.name] = tuple(data[f.name])
    try:
        return cls(**data)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"[{name}] {exc}") from exc


def config_from_dict(data: dict[str, Any]) -> TrainConfig:
    """Validate a decoded config; every error names its section and key."""
    for key in sorted(set(data) - set(_TYPES)):
        raise ConfigError(f"{key}: unknown section (known: {', '.join(sorted(_TYPES))})")
    values = {name: _section(name, dict(data[name])) for name in _TYPES if name in data}
    config = TrainConfig(**values)
    temperature = config.rollout.temperature
    if "temperature" not in data.get("ppo", {}):  # the learner scores the distribution the rollouts sampled
        config = dataclasses.replace(
            config, ppo=dataclasses.replace(config.ppo, temperature=temperature if temperature > 0 else 1.0)
        )
    elif temperature > 0 and config.ppo.temperature != temperature:
        raise ConfigError(
            f"[ppo] temperature: {config.ppo.temperature} differs from [rollout] temperature {temperature}; "
            "PPO ratios need the logprobs of the distribution the rollouts sampled (leave it out to follow rollout)"
        )
    run = config.run
    for key in ("iterations", "episodes_per_iteration", "group_size", "checkpoint_every", "sandboxes"):
        if getattr(run, key) < 1:
            raise ConfigError(f"[run] {key}: must be >= 1, got {getattr(run, key)}")
    if run.episodes_per_iteration % run.group_size:
        raise ConfigError("[run] episodes_per_iteration: must be a multiple of group_size")
    if config.advantage.estimator not in ("gae", "grpo"):
        raise ConfigError(f"[advantage] estimator: 'gae' or 'grpo', got {config.advantage.estimator!r}")
    if not config.tasks.dir and not config.tasks.generate_family:
        raise ConfigError("[tasks] dir or generate_family: one is needed")
    return config


def load_config(path: str | Path) -> TrainConfig:
    """Load a TOML (``.toml``) or YAML (``.yaml``/``.yml``) training config."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot read {path}: {exc}") from exc
    if path.suffix in (".yaml", ".yml"):
        try:
            import yaml
        except ImportError as exc:
            raise ConfigError("YAML configs need PyYAML (pip install pyyaml); TOML works without it") from exc
        try:
            data = yaml.safe_load(text) or {}
        except yaml.YAMLError as exc:
            raise ConfigError(f"{path}: not valid YAML: {exc}") from exc
    else:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"{path}: not valid TOML: {exc}") from exc
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: the top level must be a table of sections")
    try:
        return config_from_dict(data)
    except ConfigError as exc:
        raise ConfigError(f"{path}: {exc}") from exc
