"""Per-token logprobs of a causal LM on a batch, shared by experience (recomputed old logprobs) and
the PPO update."""

from __future__ import annotations

import torch
from torch import nn

__all__ = ["token_logprobs"]


def token_logprobs(
    model: nn.Module, input_ids: torch.Tensor, attention_mask: torch.Tensor, temperature: float = 1.0
) -> tuple[torch.Tensor, torch.Tensor]:
    """Logprob of each next token ``[B, T]`` (position t: token t+1) and the logits it came from, at the
    sampling ``temperature`` (the engine's logprobs are those of the tempered distribution it sampled)."""
    logits = model(input_ids=input_ids, attention_mask=attention_mask.long()).logits[:, :-1].float()
    if temperature != 1.0:
        logits = logits / temperature
    logp = torch.log_softmax(logits, -1).gather(-1, input_ids[:, 1:, None]).squeeze(-1)
    return logp, logits
