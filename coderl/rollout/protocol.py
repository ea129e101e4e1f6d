"""The tool-call protocol between the policy and coderl, and the chat format in token ids.

The policy writes one tool call per turn as a JSON object in a tagged block::

    <tool>{"tool": "bash", "command": "python3 -m pytest -q"}</tool>

Tools: ``bash`` (command), ``write_file`` (path, content), ``edit_file`` (path, old, new),
``read_file`` (path), ``submit`` (no fields: the agent is done). The observation comes back as the
next user turn, wrapped in ``<observation>``. A reply without a valid call is never an exception: it
becomes an observation saying what was wrong, and the error is counted.

Token ids are built by concatenation, never by re-tokenizing text the policy produced: the prompt and
each observation are rendered through the tokenizer's chat template (as the delta the new turn adds),
and the generated ids are kept exactly as the engine returned them.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from coderl.action import Action, ActionError, parse_action

__all__ = [
    "SYSTEM_PROMPT",
    "TOOL_CLOSE",
    "TOOL_OPEN",
    "ChatFormat",
    "ParsedCall",
    "parse_tool_call",
]

TOOL_OPEN, TOOL_CLOSE = "<tool>", "</tool>"
SYSTEM_PROMPT = (
    "You are a coding agent working in /workspace of a Linux machine without network access. "
    "Each turn, write one tool call as a JSON object between <tool> and </tool>. Tools: "
    '{"tool": "bash", "command": "..."}, {"tool": "write_file", "path": "...", "content": "..."}, '
    '{"tool": "edit_file", "path": "...", "old": "...", "new": "..."}, {"tool": "read_file", "path": "..."}, '
    '{"tool": "submit"} when the task is done. Do not modify tests.'
)
_BLOCK = re.compile(re.escape(TOOL_OPEN) + r"(.*?)" + re.escape(TOOL_CLOSE), re.S)


@dataclass(frozen=True)
class ParsedCall:
    """The action of one reply, or why there is none (``error`` is what the agent is told)."""

    action: Action | None
    error: str | None = None
    kind: str = "ok"  # ok | no_call | truncated | bad_json | bad_action | several_calls


def parse_tool_call(text: str) -> ParsedCall:
    """The first tool call of a reply. Several calls: the first is used and the agent is told."""
    blocks = _BLOCK.findall(text)
    if not blocks:
        if TOOL_OPEN in text:
            return ParsedCall(None, f"Error: the tool call was cut off before {TOOL_CLOSE}.", "truncated")
        return ParsedCall(None, f"Error: no tool call found. Write one as {TOOL_OPEN}{{...}}{TOOL_CLOSE}.", "no_call")
    try:
        obj: Any = json.loads(blocks[0])
    except json.JSONDecodeError as exc:
        return ParsedCall(
            None, f"Error: the tool call is not valid JSON ({exc.msg} at position {exc.pos}).", "bad_json"
        )
    try:
        action = parse_action(obj)
    except ActionError as exc:
        return ParsedCall(None, f"Error: invalid tool call: {exc}.", "bad_action")
    if len(blocks) > 1:
        return ParsedCall(action, "Note: only one tool call per turn; the first was run.", "several_calls")
    return ParsedCall(action)


class ChatFormat:
    """Renders the conversation in token ids with a tokenizer's chat template."""

    def __init__(self, tokenizer: Any, system_prompt: str = SYSTEM_PROMPT) -> None:
        if not getattr(tokenizer, "chat_template", None):
            raise ValueError("the tokenizer has no chat template (see `coderl init-model` for one)")
        self.tokenizer = tokenizer
        self.system_prompt = system_prompt
        eos = tokenizer.eos_token_id
        self.eos_ids = {eos} if isinstance(eos, int) else set(eos or [])
        self._base = self._ids([self._system(), {"role": "user", "content": "x"}], generation=False)
        probe = self._ids(
            [self._system(), {"role": "user", "content": "x"}, {"role": "assistant", "content": "y"}], False
        )
        if probe[: len(self._base)] != self._base:
            raise ValueError("the chat template does not render turns as a growing prefix")
        self._assistant_base = probe
        opened = self._ids([self._system(), {"role": "user", "content": "x"}], generation=True)
        closed = self._ids(
            [self._system(), {"role": "user", "content": "x"}, {"role": "assistant", "content": ""}], False
        )
        if closed[: len(opened)] != opened:
            raise ValueError("the chat template's generation prompt is not a prefix of an assistant turn")
        self._turn_end = closed[len(opened) :]

    def _system(self) -> dict[str, str]:
        return {"role": "system", "content": self.system_prompt}

    def _ids(self, messages: list[dict[str, str]], generation: bool) -> list[int]:
        out = self.tokenizer.apply_chat_template(messages, tokenize=True, add_generation_prompt=generation)
        if isinstance(out, dict) or hasattr(out, "input_ids"):
            out = out["input_ids"]
        return [int(t) for t in out]

    def prompt_ids(self, task_prompt: str) -> list[int]:
        """System message and the task, ending where the assistant's first reply starts."""
        return self._ids([self._system(), {"role": "user", "content": task_prompt}], generation=True)

    def end_of_turn_ids(self, generated: list[int]) -> list[int]:
        """What closes an assistant turn the engine stopped early (at a stop string): the template's
        turn end, unless the engine already produced an end-of-sequence token."""
        if generated and generated[-1] in self.eos_ids:
            return []
        return list(self._turn_end)

    def observation_ids(self, text: str) -> list[int]:
        """The user turn carrying an observation, ending where the next assistant reply starts."""
        messages = [self._system(), {"role": "user", "content": "x"}, {"role": "assistant", "content": "y"}]
        with_obs = self._ids([*messages, {"role": "user", "content": f"<observation>\n{text}\n</observation>"}], True)
        if with_obs[: len(self._assistant_base)] != self._assistant_base:
            raise ValueError("the chat template does not render turns as a growing prefix")
        return with_obs[len(self._assistant_base) :]

    def truncate_observation(self, text: str, max_tokens: int) -> tuple[str, bool]:
        """The observation cut to ``max_tokens`` (head and tail kept) with a marker, and whether it was cut."""
        ids = self.tokenizer.encode(text, add_special_tokens=False)
        if len(ids) <= max_tokens:
            return text, False
        head = self.tokenizer.decode(ids[: max_tokens * 2 // 3])
        tail = self.tokenizer.decode(ids[-(max_tokens // 3) :])
        return f"{head}\n[coderl: observation truncated, {len(ids) - max_tokens} tokens omitted]\n{tail}", True
