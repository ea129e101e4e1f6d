"""The rollout engine interface: token ids in, generated token ids with their sampling logprobs out.

Engines work on token ids, never on re-tokenized text, so the ids the learner trains on are exactly
the ids the engine produced and consumed. Backends: transformers (``hf_engine``), vLLM (``vllm_engine``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, runtime_checkable

__all__ = ["Engine", "Generation", "SamplingParams"]


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
    """What the agent loop needs from an inference engine."""

    tokenizer: Any

    async def generate(self, prompts: Sequence[Sequence[int]], params: SamplingParams) -> list[Generation]:
        """Complete each prompt (token ids); the i-th result belongs to the i-th prompt."""
        ...

    def update_weights(self, state_dict: Mapping[str, Any]) -> None:
        """Load the learner's new policy weights in place (same process: no restart, no files)."""
        ...

    def close(self) -> None:
        """Free the engine's resources."""
        ...
