"""The independent critic: a transformers backbone and a scalar value head, optionally initialized from
the policy's weights. Its hidden states feed the fused ``value_gae`` (value head + GAE in one pass)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import torch
from torch import nn

__all__ = ["Critic"]


class Critic(nn.Module):
    """``backbone`` maps token ids to hidden states ``[B, T, H]``; ``value_head`` maps each to a value."""

    def __init__(self, backbone: nn.Module, hidden_size: int) -> None:
        super().__init__()
        self.backbone = backbone
        self.value_head = nn.Linear(hidden_size, 1)
        nn.init.zeros_(self.value_head.weight)
        nn.init.zeros_(self.value_head.bias)

    @classmethod
    def from_pretrained(cls, path: str | Path, dtype: torch.dtype = torch.float32) -> Critic:
        """A critic whose backbone starts from a causal LM checkpoint (e.g. the policy's)."""
        from transformers import AutoModel

        backbone = AutoModel.from_pretrained(str(path), dtype=dtype)
        return cls(backbone, int(backbone.config.hidden_size)).to(dtype)

    def hidden(self, input_ids: torch.Tensor, attention_mask: torch.Tensor | None = None) -> torch.Tensor:
        """Last hidden states ``[B, T, H]``."""
        out: Any = self.backbone(input_ids=input_ids, attention_mask=attention_mask)
        return out.last_hidden_state

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor | None = None) -> torch.Tensor:
        """Values ``[B, T]``."""
        return self.value_head(self.hidden(input_ids, attention_mask)).squeeze(-1)
