"""Per-token logprobs of a causal LM on a batch, shared by experience (recomputed old logprobs) and
the PPO update: of every position (:func:`token_logprobs`), or of the policy's tokens only, with their entropy
(:func:`action_logprobs`, the LM head on those positions alone)."""

from __future__ import annotations

from typing import Any

import torch
from torch import nn

__all__ = ["action_logprobs", "token_logprobs"]


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


def action_logprobs(
    model: nn.Module,
    input_ids: torch.Tensor,
    attention_mask: torch.Tensor,
    action_mask: torch.Tensor,
    temperature: float = 1.0,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Logprob and entropy ``[B, T]`` of the policy's tokens only (``action_mask``, shifted as in
    :func:`token_logprobs`), zero elsewhere.

    The LM head runs on the hidden states of the masked positions only: ``[N, V]`` logits instead of
    ``[B, T, V]``, where prompt and observation tokens (the tools' schemas, test output) are often most of a
    multi-turn trajectory and ``V`` is 151936 for Qwen. Models whose causal-LM forward does more than the head
    after the decoder (final logit soft-capping) take the full path, and so do models under FSDP2 (``fully_shard``),
    whose head's weight is gathered only inside the model's own forward. Gradients flow to the selected positions.
    """
    get_head = getattr(model, "get_output_embeddings", None)
    head: Any = get_head() if callable(get_head) else None
    decoder: Any = getattr(model, "base_model", None)
    config = getattr(model, "config", None)
    full_path = getattr(config, "final_logit_softcapping", None) or type(model).__name__.startswith("FSDP")
    if head is None or decoder is None or decoder is model or full_path:
        logp, logits = token_logprobs(model, input_ids, attention_mask, temperature)
        logp_all = torch.log_softmax(logits, -1)
        entropy = -(logp_all.exp() * logp_all).sum(-1)
        keep = action_mask.to(logp.dtype)
        return logp * keep, entropy * keep
    hidden = decoder(input_ids=input_ids, attention_mask=attention_mask.long()).last_hidden_state[:, :-1]
    mask = action_mask.bool()
    logits = head(hidden[mask]).float()
    if temperature != 1.0:
        logits = logits / temperature
    logp_all = torch.log_softmax(logits, -1)
    chosen = logp_all.gather(-1, input_ids[:, 1:][mask][:, None])[:, 0]
    entropy = -(logp_all.exp() * logp_all).sum(-1)
    zeros = torch.zeros(mask.shape, dtype=chosen.dtype, device=chosen.device)
    return zeros.masked_scatter(mask, chosen), zeros.masked_scatter(mask, entropy)
