"""From finished trajectories to a training batch: padded tensors, rewards, values and advantages.

Positions are shifted by one so that everything at index ``t`` concerns the token ``t + 1`` chosen from
the state after token ``t``: the policy's logits at ``t``, the critic's value at ``t``, the action mask,
the old logprob and the reward. Observation and prompt tokens are masked out and skipped by GAE.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import torch

from coderl.learner.critic import Critic
from coderl.learner.logprobs import action_logprobs
from coderl.ops import value_gae
from coderl.rollout.trajectory import Trajectory

__all__ = ["Batch", "collate", "grpo_advantages", "make_experience"]


@dataclass
class Batch:
    """Tensors ``[B, T]`` (``T`` = longest trajectory - 1) for one PPO update."""

    input_ids: torch.Tensor  # [B, T + 1]
    attention_mask: torch.Tensor  # [B, T + 1]
    action_mask: torch.Tensor  # [B, T] bool
    old_logprobs: torch.Tensor
    rewards: torch.Tensor
    advantages: torch.Tensor
    returns: torch.Tensor
    old_values: torch.Tensor
    task_ids: list[str]

    def __len__(self) -> int:
        return int(self.input_ids.shape[0])

    def select(self, index: torch.Tensor) -> Batch:
        """A minibatch of rows."""
        tensors = {k: v[index] for k, v in self.__dict__.items() if isinstance(v, torch.Tensor)}
        return Batch(**tensors, task_ids=[self.task_ids[i] for i in index.tolist()])


def collate(trajectories: Sequence[Trajectory], pad_id: int) -> dict[str, torch.Tensor]:
    """Right-padded ids, attention mask, and the shifted action mask, engine logprobs and rewards."""
    if not trajectories:
        raise ValueError("no trajectories")
    width = max(len(t.token_ids) for t in trajectories)
    b = len(trajectories)
    ids = torch.full((b, width), pad_id, dtype=torch.long)
    attn = torch.zeros((b, width), dtype=torch.bool)
    policy = torch.zeros((b, width), dtype=torch.bool)
    logprobs = torch.zeros((b, width), dtype=torch.float32)
    rewards = torch.zeros((b, width), dtype=torch.float32)
    for i, t in enumerate(trajectories):
        n = len(t.token_ids)
        ids[i, :n] = torch.tensor(t.token_ids)
        attn[i, :n] = True
        policy[i, :n] = torch.tensor(t.policy_mask)
        logprobs[i, :n] = torch.tensor(t.logprobs)
        if t.reward_index >= 0:
            rewards[i, t.reward_index] = t.reward
    return {
        "input_ids": ids,
        "attention_mask": attn,
        "action_mask": policy[:, 1:].contiguous(),
        "old_logprobs": logprobs[:, 1:].contiguous(),
        "rewards": rewards[:, 1:].contiguous(),
    }


def grpo_advantages(trajectories: Sequence[Trajectory], action_mask: torch.Tensor, eps: float = 1e-6) -> torch.Tensor:
    """Group-relative advantages: per task, ``(R - mean) / (std + eps)`` on every token of the trajectory."""
    groups: dict[str, list[int]] = defaultdict(list)
    for i, t in enumerate(trajectories):
        groups[t.task_id].append(i)
    scores = torch.zeros(len(trajectories))
    for members in groups.values():
        r = torch.tensor([trajectories[i].reward for i in members], dtype=torch.float32)
        normalized = (r - r.mean()) / (r.std(unbiased=False) + eps) if len(members) > 1 else torch.zeros_like(r)
        scores[members] = normalized
    return scores.to(action_mask.device)[:, None] * action_mask.float()


@torch.no_grad()
def make_experience(
    trajectories: Sequence[Trajectory],
    critic: Critic,
    *,
    pad_id: int,
    estimator: Literal["gae", "grpo"] = "gae",
    gamma: float = 1.0,
    lam: float = 0.95,
    lam_critic: float = 1.0,
    lam_alpha: float | None = None,
    whiten: bool = False,
    policy: torch.nn.Module | None = None,
    temperature: float = 1.0,
    device: torch.device | str | None = None,
) -> Batch:
    """The batch for one update. ``gae``: critic values with the fused ``value_gae`` (decoupled lambda:
    ``lam`` or length-adaptive ``lam_alpha`` for the policy, ``lam_critic`` for the returns); ``grpo``:
    group-relative advantages (the critic is still trained on the GAE returns).

    ``whiten`` (off by default) normalizes the advantages over the batch's policy tokens. With pass/fail
    rewards the raw advantages are already bounded by 1; whitening a batch that carries no signal (every
    episode passed, or every one failed) rescales the critic's errors to unit variance, which can wreck
    a sharp policy in one update.

    Old logprobs are the engine's sampling logprobs, or, with ``policy``, recomputed by the learner's
    policy at ``temperature`` (as verl does: an engine whose numerics differ from the learner's, vLLM
    in bf16 say, then cannot bias the PPO ratio).

    The batch is built on ``device`` (default: the critic's), where the update will use it; on a CUDA device
    ``value_gae`` runs as the Triton kernels, on the CPU as the native ones (:mod:`coderl.ops` dispatches)."""
    if device is None:
        device = next(critic.parameters()).device
    data = {k: v.to(device, non_blocking=True) for k, v in collate(trajectories, pad_id).items()}
    if policy is not None:
        logp, _ = action_logprobs(policy, data["input_ids"], data["attention_mask"], data["action_mask"], temperature)
        data["old_logprobs"] = logp.contiguous()
    hidden = critic.hidden(data["input_ids"], data["attention_mask"].long())[:, :-1].contiguous().float()
    head = critic.value_head
    with torch.autocast(hidden.device.type, enabled=False):  # float32 whatever the caller's precision
        result = value_gae(
            hidden,
            head.weight.detach().float(),
            head.bias.detach().float(),
            data["rewards"],
            data["action_mask"],
            gamma=gamma,
            lam=None if lam_alpha is not None else lam,
            lam_alpha=lam_alpha,
            lam_critic=lam_critic,
            whiten=whiten and estimator == "gae",
        )
    advantages, returns, values = result
    if estimator == "grpo":
        advantages = grpo_advantages(trajectories, data["action_mask"])
    elif estimator != "gae":
        raise ValueError(f"unknown advantage estimator {estimator!r}")
    return Batch(
        input_ids=data["input_ids"],
        attention_mask=data["attention_mask"],
        action_mask=data["action_mask"],
        old_logprobs=data["old_logprobs"],
        rewards=data["rewards"],
        advantages=advantages,
        returns=returns,
        old_values=values.detach() * data["action_mask"],
        task_ids=[t.task_id for t in trajectories],
    )
