"""The supervised warm start: teach the policy the tool protocol on reference solutions before RL
(as a real pipeline does SFT before RL). Loss on the policy's own tokens only."""

from __future__ import annotations

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
) -> list[float]:
    """Cross-entropy on the masked tokens for ``steps`` AdamW steps; returns the loss of each step."""
    if not examples:
        raise ValueError("no examples for the warm start")
    rng = random.Random(seed)
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.0)
    model.train()
    device = next(model.parameters()).device
    losses = []
    for _ in range(steps):
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
