"""OpenRLHF's remote reward, served by coderl: ``reward_func(queries, prompts, labels)``.

OpenRLHF 0.11 (``openrlhf.utils.agent.SingleTurnAgentExecutor``) calls it once per sample with one-element lists:
``queries`` the decoded prompt and response together, ``prompts`` the prompt, ``labels`` the dataset's label
column (here: the coderl task id). It reads ``rewards`` (and ``scores``, and ``extra_logs`` for its logs) from the
returned dict. The response is the query after its prompt; its actions (hermes ``<tool_call>``, OpenAI tool
calls, coderl ``<tool>`` blocks, fenced code) are applied to the task's workspace, graded by the hidden tests in
a fresh sandbox and scanned by stage 1: a conclusive finding makes the reward 0
(:class:`coderl.integrations.trl.reward.CoderlReward` does the scoring, it does not need TRL).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from typing import Any

from coderl.integrations.trl.reward import CoderlReward

__all__ = ["SANDBOXES_ENV", "TASKS_ENV", "response_of", "reward_func"]

TASKS_ENV = "CODERL_TASKS"  # a bundled suite's name or a directory of tasks (default: basic)
SANDBOXES_ENV = "CODERL_SANDBOXES"  # the grader's sandboxes (default: 2)

_lock = threading.Lock()
_reward: CoderlReward | None = None


def _scorer() -> CoderlReward:
    global _reward
    with _lock:
        if _reward is None:
            sandboxes = os.environ.get(SANDBOXES_ENV, "2")
            if not sandboxes.isdigit() or int(sandboxes) < 1:
                raise ValueError(f"{SANDBOXES_ENV}={sandboxes!r}: expected a positive number of sandboxes")
            _reward = CoderlReward(tasks=os.environ.get(TASKS_ENV, "basic"), sandboxes=int(sandboxes))
        return _reward


def response_of(query: str, prompt: str) -> str:
    """The response in OpenRLHF's query (prompt and response decoded together): what follows the prompt. The
    prompt is matched as it is, else by its end (its second half, at most 200 characters: decoding may change its
    start); a query that
    does not contain it is taken whole."""
    if prompt and query.startswith(prompt):
        return query[len(prompt) :]
    tail = prompt[-min(200, (len(prompt) + 1) // 2) :]
    at = query.rfind(tail) if tail else -1
    return query[at + len(tail) :] if at >= 0 else query


def reward_func(queries: Sequence[str], prompts: Sequence[str], labels: Sequence[Any]) -> dict[str, Any]:
    """One reward per sample (see the module): ``rewards`` and ``scores`` (the same values) and ``extra_logs``
    (``coderl_cheat``: 1 where stage 1 zeroed the reward; ``coderl_grade``: the hidden tests' reward)."""
    if not len(queries) == len(prompts) == len(labels):
        raise ValueError(f"coderl reward: {len(queries)} queries, {len(prompts)} prompts, {len(labels)} labels")
    if any(label is None or str(label) == "" for label in labels):
        raise ValueError(
            "coderl reward: a sample has no label; export the tasks with `coderl tasks export --format openrlhf` "
            "and train with `--label_key label` (the label is the coderl task id)"
        )
    completions = [response_of(str(q), str(p)) for q, p in zip(queries, prompts, strict=True)]
    records = _scorer().score([str(x) for x in labels], completions)
    rewards = [float(r["reward"]) for r in records]
    return {
        "rewards": rewards,
        "scores": rewards,
        "extra_logs": {
            "coderl_cheat": [float(r["cheat"]) for r in records],
            "coderl_grade": [float(r["grade_reward"]) for r in records],
        },
    }
