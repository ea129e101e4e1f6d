"""The reward filter: stage 1 over the actions written in a finished response; a cheat scores 0.

For stacks that run their own tools (verl's ``tool_agent`` loop, single-turn code generation), coderl can
still judge what the model wrote: every action found in the response text is scanned by the stage-1 scanner
(compiled rules, then the structural detectors on parsed shell and Python), and a response with a
conclusive finding gets reward 0, its rules recorded.

This mode only detects, after the fact. Nothing is prevented: the actions already ran wherever the stack
ran them, the agent saw their real results (no decoy), and a cheat that is not written in the response (a
tool's own side effect, a file the stack's environment left) is not seen. coderl's agent loop
(:mod:`coderl.integrations.verl.agent_loop`) guards every action before it runs instead.

The actions are found, and scanned, by :mod:`coderl.integrations.response` (shared with the other adapters):
hermes ``<tool_call>`` blocks, OpenAI-style tool-call JSON, coderl ``<tool>`` blocks, fenced shell and Python.

verl config (the score of a clean response is ``base``'s, verl's default scorer when unset)::

    reward.custom_reward_function.path=pkg://coderl.integrations.verl.reward
    reward.custom_reward_function.name=compute_score
    +reward.custom_reward_function.reward_kwargs.base=my_package.scoring:compute_score
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from coderl.integrations.response import ResponseVerdict, extract_actions, scan_response

__all__ = ["ResponseVerdict", "compute_score", "extract_actions", "scan_response"]


def _load(spec: str) -> Callable[..., Any]:
    """``package.module:function`` or ``package.module.function``."""
    module, _, name = spec.partition(":") if ":" in spec else spec.rpartition(".")
    fn = getattr(importlib.import_module(module), name, None)
    if not callable(fn):
        raise ValueError(f"reward base {spec!r} is not a callable (expected package.module:function)")
    return fn  # type: ignore[no-any-return]


def compute_score(
    data_source: Any,
    solution_str: str,
    ground_truth: Any,
    extra_info: dict[str, Any] | None = None,
    *,
    base: str | Callable[..., Any] | None = None,
    **kwargs: Any,
) -> dict[str, Any]:
    """verl's ``custom_reward_function``: ``base``'s score (verl's ``default_compute_score`` when None),
    or 0 when stage 1 finds a cheat among the response's actions.

    Returns verl's dict form: ``score``, plus ``coderl_cheat`` (1.0 or 0.0), ``coderl_rules`` (comma-joined
    rule ids, "" when none) and ``coderl_base_score`` (the score before the filter), which verl keeps as
    per-sample ``reward_extra_info``.
    """
    if base is None:
        from verl.utils.reward_score import default_compute_score

        scorer: Callable[..., Any] = default_compute_score
    else:
        scorer = _load(base) if isinstance(base, str) else base
    result = scorer(
        data_source=data_source, solution_str=solution_str, ground_truth=ground_truth, extra_info=extra_info, **kwargs
    )
    extra = {k: v for k, v in result.items() if k != "score"} if isinstance(result, dict) else {}
    base_score = float(result["score"] if isinstance(result, dict) else result)
    verdict = scan_response(solution_str)
    return {
        **extra,
        "score": 0.0 if verdict.cheat else base_score,
        "coderl_cheat": 1.0 if verdict.cheat else 0.0,
        "coderl_rules": ",".join(verdict.rules),
        "coderl_base_score": base_score,
    }
