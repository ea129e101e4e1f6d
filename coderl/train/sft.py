"""The supervised warm start: teach the policy the tool protocol on reference solutions before RL
(as a real pipeline does SFT before RL). Loss on the policy's own tokens only."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import torch
from torch import nn

from coderl.action import parse_action
from coderl.rollout.protocol import ChatFormat
from coderl.task import Task
from coderl.tools import resolve_path, written

__all__ = ["Example", "demonstration_example", "reference_example", "supervised_warm_start"]


@dataclass(frozen=True)
class Example:
    """Token ids of a whole reference episode and which of them the policy must learn to produce."""

    token_ids: list[int]
    loss_mask: list[bool]


def _call(fmt: ChatFormat, obj: dict[str, str]) -> str:
    """The reply that makes the call ``obj`` in the chat format's tool format."""
    return fmt.format.render_call(parse_action(obj))


def reference_example(fmt: ChatFormat, task: Task, files: Mapping[str, str]) -> Example:
    """The episode an expert would play: write each reference file, then submit, each call written in
    ``fmt``'s tool format; the observations are exactly what the real tools print."""
    tok = fmt.tokenizer
    ids = fmt.prompt_ids(task.prompt)
    mask = [False] * len(ids)
    for path, content in sorted(files.items()):
        reply = tok.encode(
            _call(fmt, {"tool": "write_file", "path": path, "content": content}), add_special_tokens=False
        )
        end = fmt.end_of_turn_ids(reply)
        obs = fmt.observation_ids(written(resolve_path(path), len(content.encode())).observation)
        ids += reply + end + obs
        mask += [True] * len(reply) + [False] * (len(end) + len(obs))
    reply = tok.encode(_call(fmt, {"tool": "submit"}), add_special_tokens=False)
    ids += reply
    mask += [True] * len(reply)
    return Example(ids, mask)


def demonstration_example(fmt: ChatFormat, task: Task, steps: Sequence[tuple[Mapping[str, Any], str]]) -> Example:
    """A recorded multi-turn episode (``(action, observation)`` pairs, as a task's ``demonstration.json``
    holds them: read the notes, write, submit) in ``fmt``'s tool format: the calls are the policy's tokens,
    the observations are skipped by the loss as they are by GAE. It ends at the first ``submit``."""
    tok = fmt.tokenizer
    ids = fmt.prompt_ids(task.prompt)
    mask = [False] * len(ids)
    for action, observation in steps:
        reply = tok.encode(_call(fmt, dict(action)), add_special_tokens=False)
        ids += reply
        mask += [True] * len(reply)
        if action.get("tool") == "submit":
            break
        rest = fmt.end_of_turn_ids(reply) + fmt.observation_ids(observation)
        ids += rest
        mask += [False] * len(rest)
    return Example(ids, mask)


def lr_factor(step: int, steps: int, schedule: str) -> float:
    """The share of the peak learning rate at ``step`` (0-based) of ``steps``: 1 for ``"constant"``; for
    ``"cosine"``, ``(step + 1) / warmup`` over the first ``warmup = max(1, 5 %)`` steps, then
    ``0.5 * (1 + cos(pi * t))`` with ``t`` going from 0 at the end of the warm-up to 1 at the last step."""
    if schedule == "constant":
        return 1.0
    warmup = max(1, steps // 20)
    if step < warmup:
        return (step + 1) / warmup
    span = max(1, steps - warmup)
    return 0.5 * (1.0 + math.cos(math.pi * min(1.0, (step - warmup + 1) / span)))


def supervised_warm_start(
    model: nn.Module,
    examples: Sequence[Example],
    *,
    steps: int,
    lr: float = 3e-3,
    batch_size: int = 16,
    pad_id: int = 0,
    seed: int = 0,
    on_step: object = None,
    schedule: str = "constant",
) -> list[float]:
    """Cross-entropy on the masked tokens for ``steps`` AdamW steps; returns the loss of each step.

    ``schedule``: ``"constant"`` keeps ``lr`` throughout; ``"cosine"`` warms up linearly over the first 5 % of the
    steps, then decays to 0 along a half cosine (:func:`lr_factor`)."""
    if not examples:
        raise ValueError("no examples for the warm start")
    rng = random.Random(seed)
    if schedule not in ("constant", "cosine"):
        raise ValueError(f"schedule must be 'constant' or 'cosine', got {schedule!r}")
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.0)
    model.train()
    device = next(model.parameters()).device
    losses = []
    for step in range(steps):
        for group in opt.param_groups:
            group["lr"] = lr * lr_factor(step, steps, schedule)
        batch = [examples[rng.randrange(len(examples))] for _ in range(batch_size)]
        width = max(len(e.token_ids) for e in batch)
        ids = torch.full((len(batch), width), pad_id, dtype=torch.long)
        attn = torch.zeros((len(batch), width), dtype=torch.long)
        target_mask = torch.zeros((len(batch), width), dtype=torch.bool)
        for i, e in enumerate(batch):
            ids[i, : len(e.token_ids)] = torch.tensor(e.token_ids)
            attn[i, : len(e.token_ids)] = 1
            target_mask[i, : len(e.loss_mask)] = torch.tensor(e.loss_mask)
        ids, attn, target_mask = ids.to(device), attn.to(device), target_mask.to(device)
        logits = model(input_ids=ids, attention_mask=attn).logits[:, :-1].float()
        loss_all = nn.functional.cross_entropy(logits.transpose(1, 2), ids[:, 1:], reduction="none")
        m = target_mask[:, 1:].float()
        loss = (loss_all * m).sum() / m.sum().clamp_min(1)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        losses.append(float(loss.detach()))
        if callable(on_step):
            on_step(len(losses), float(loss))
    model.eval()
    return losses
