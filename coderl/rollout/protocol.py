"""The tool-call protocol between the policy and coderl, and the chat format in token ids.

The policy writes one tool call per turn in one of three conventions (``[rollout] tool_format``):

- ``coderl``: a JSON object with a ``tool`` field in a tagged block, described in the system prompt::

      <tool>{"tool": "bash", "command": "python3 -m pytest -q"}</tool>

  Observations come back as the next user turn, wrapped in ``<observation>``.
- ``hermes``: the ``<tool_call>`` blocks Qwen2.5/Qwen3 instruct models (and Hermes models) are trained on.
  The tools go to the chat template as JSON schemas (``apply_chat_template(..., tools=...)``), which lists
  them in the system turn; observations are ``tool`` messages (Qwen's template wraps them in
  ``<tool_response>``)::

      <tool_call>
      {"name": "bash", "arguments": {"command": "python3 -m pytest -q"}}
      </tool_call>

- ``openai``: OpenAI-style tool calls as JSON in the reply: ``{"tool_calls": [{"type": "function",
  "function": {"name": ..., "arguments": "<JSON string>"}}]}``; also accepted: one call object
  (``{"function": {...}}`` or ``{"name": ..., "arguments" | "parameters": ...}``), a list of them, arguments
  as an object or a JSON string, and a fenced code block around the JSON. Tools and observations go through
  the template as for ``hermes``.

Tools: ``bash`` (command), ``write_file`` (path, content), ``edit_file`` (path, old, new), ``read_file``
(path), ``submit`` (no fields: the agent is done). A reply without a valid call is never an exception: it
becomes an observation saying what was wrong, and the error is counted. One call runs per turn; a reply
with several runs the first and says so.

Token ids are built by concatenation, never by re-tokenizing text the policy produced: the prompt and
each observation are rendered through the tokenizer's chat template (as the delta the new turn adds),
and the generated ids are kept exactly as the engine returned them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, get_args

from coderl.action import TOOL_FIELDS, Action, ActionError, parse_action

__all__ = [
    "SYSTEM_PROMPT",
    "TOOL_CLOSE",
    "TOOL_FORMATS",
    "TOOL_OPEN",
    "TOOL_PROMPT",
    "TOOL_SCHEMAS",
    "ChatFormat",
    "ParsedCall",
    "TemplateMismatch",
    "ToolFormat",
    "ToolFormatName",
    "check_tool_format",
    "get_tool_format",
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
# The system prompt of the formats whose tools the chat template lists (hermes, openai): the template says how
# to call them, so the prompt only says what the job is.
TOOL_PROMPT = (
    "You are a coding agent working in /workspace of a Linux machine without network access. "
    "Use the tools, one call per turn, and call submit when the task is done. Do not modify tests."
)
_BLOCK = re.compile(re.escape(TOOL_OPEN) + r"(.*?)" + re.escape(TOOL_CLOSE), re.S)
HERMES_OPEN, HERMES_CLOSE = "<tool_call>", "</tool_call>"
_HERMES_BLOCK = re.compile(re.escape(HERMES_OPEN) + r"(.*?)" + re.escape(HERMES_CLOSE), re.S)
_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.S)

ToolFormatName = Literal["coderl", "hermes", "openai"]
TOOL_FORMATS: tuple[str, ...] = get_args(ToolFormatName)

_DESCRIPTIONS = {
    "bash": ("Run a shell command in /workspace and return its exit code and output.", {"command": "the command"}),
    "write_file": (
        "Create or overwrite a file with the given content.",
        {"path": "path relative to /workspace", "content": "the whole new content"},
    ),
    "edit_file": (
        "Replace the one occurrence of `old` in a file with `new`.",
        {"path": "path relative to /workspace", "old": "text to replace", "new": "replacement"},
    ),
    "read_file": ("Return a file's content.", {"path": "path relative to /workspace"}),
    "submit": ("Finish the episode: the workspace is graded as it is.", {}),
}

# The tools as OpenAI-style function schemas: what ``apply_chat_template(..., tools=...)`` takes.
TOOL_SCHEMAS: tuple[dict[str, Any], ...] = tuple(
    {
        "type": "function",
        "function": {
            "name": name,
            "description": _DESCRIPTIONS[name][0],
            "parameters": {
                "type": "object",
                "properties": {f: {"type": "string", "description": _DESCRIPTIONS[name][1][f]} for f in fields},
                "required": list(fields),
            },
        },
    }
    for name, fields in TOOL_FIELDS.items()
)


class TemplateMismatch(ValueError):
    """The checkpoint's chat template cannot carry the chosen tool format (the message says why)."""


@dataclass(frozen=True)
class ParsedCall:
    """The action of one reply, or why there is none (``error`` is what the agent is told)."""

    action: Action | None
    error: str | None = None
    kind: str = "ok"  # ok | no_call | truncated | bad_json | bad_action | several_calls


def _action(obj: Any) -> ParsedCall:
    try:
        return ParsedCall(parse_action(obj))
    except ActionError as exc:
        return ParsedCall(None, f"Error: invalid tool call: {exc}.", "bad_action")


def _json_error(exc: json.JSONDecodeError, what: str = "the tool call") -> ParsedCall:
    return ParsedCall(None, f"Error: {what} is not valid JSON ({exc.msg} at position {exc.pos}).", "bad_json")


def _first_of_several(first: ParsedCall, several: bool) -> ParsedCall:
    """``first``, with a note to the agent when the reply held more calls than the one that runs."""
    if several and first.action is not None:
        return ParsedCall(first.action, "Note: only one tool call per turn; the first was run.", "several_calls")
    return first


def parse_tool_call(text: str) -> ParsedCall:
    """The first ``<tool>`` call of a reply (the ``coderl`` format). Several calls: the first is used and the
    agent is told."""
    blocks = _BLOCK.findall(text)
    if not blocks:
        if TOOL_OPEN in text:
            return ParsedCall(None, f"Error: the tool call was cut off before {TOOL_CLOSE}.", "truncated")
        return ParsedCall(None, f"Error: no tool call found. Write one as {TOOL_OPEN}{{...}}{TOOL_CLOSE}.", "no_call")
    try:
        obj: Any = json.loads(blocks[0])
    except json.JSONDecodeError as exc:
        return _json_error(exc)
    return _first_of_several(_action(obj), len(blocks) > 1)


def _named_call(obj: Any, args_keys: tuple[str, ...] = ("arguments",)) -> ParsedCall:
    """A call given as a function name and its arguments (an object, or a JSON string of one)."""
    if not isinstance(obj, dict):
        return ParsedCall(
            None, f"Error: invalid tool call: expected a JSON object, got {type(obj).__name__}.", "bad_action"
        )
    function = obj.get("function", obj) if isinstance(obj.get("function"), dict) else obj
    name = function.get("name")
    if not isinstance(name, str):
        return ParsedCall(None, 'Error: invalid tool call: it needs a string "name" (the tool).', "bad_action")
    key = next((k for k in args_keys if k in function), None)
    arguments: Any = {} if key is None else function[key]
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments) if arguments.strip() else {}
        except json.JSONDecodeError as exc:
            return _json_error(exc, f"the arguments of {name!r}")
    if not isinstance(arguments, dict):
        return ParsedCall(
            None,
            f"Error: invalid tool call: the arguments of {name!r} must be an object, got {type(arguments).__name__}.",
            "bad_action",
        )
    if "tool" in arguments:
        return ParsedCall(None, f"Error: invalid tool call: unknown field 'tool' for tool {name!r}.", "bad_action")
    return _action({**arguments, "tool": name})


def parse_hermes_call(text: str) -> ParsedCall:
    """The first ``<tool_call>{"name": ..., "arguments": {...}}</tool_call>`` of a reply (``hermes``)."""
    blocks = _HERMES_BLOCK.findall(text)
    if not blocks:
        if HERMES_OPEN in text:
            return ParsedCall(None, f"Error: the tool call was cut off before {HERMES_CLOSE}.", "truncated")
        return ParsedCall(
            None,
            "Error: no tool call found. Write one as "
            f'{HERMES_OPEN}{{"name": ..., "arguments": {{...}}}}{HERMES_CLOSE}.',
            "no_call",
        )
    try:
        obj: Any = json.loads(blocks[0])
    except json.JSONDecodeError as exc:
        return _json_error(exc)
    return _first_of_several(_named_call(obj), len(blocks) > 1)


def _first_json(text: str) -> tuple[Any, json.JSONDecodeError | None]:
    """The first JSON object or array in ``text`` (inside a code fence if there is one), or the error of the
    first place that looked like one; ``(None, None)`` if nothing did."""
    fenced = _FENCE.search(text)
    body = fenced.group(1) if fenced else text
    decoder = json.JSONDecoder()
    first_error: json.JSONDecodeError | None = None
    for match in re.finditer(r"[\[{]", body):
        try:
            return decoder.raw_decode(body, match.start())[0], None
        except json.JSONDecodeError as exc:
            first_error = first_error or exc
    return None, first_error


def parse_openai_call(text: str) -> ParsedCall:
    """The first OpenAI-style tool call of a reply (``openai``); see the module's docstring for the shapes."""
    obj, error = _first_json(text)
    if obj is None:
        if error is None:
            return ParsedCall(
                None,
                'Error: no tool call found. Write one as {"tool_calls": [{"type": "function", "function": '
                '{"name": ..., "arguments": "{...}"}}]}.',
                "no_call",
            )
        if error.pos >= len(error.doc.rstrip()) - 1:
            return ParsedCall(None, "Error: the tool call was cut off before its JSON ended.", "truncated")
        return _json_error(error)
    calls = obj.get("tool_calls", obj) if isinstance(obj, dict) else obj
    calls = calls if isinstance(calls, list) else [calls]
    if not calls:
        return ParsedCall(None, "Error: the reply's tool_calls list is empty.", "no_call")
    return _first_of_several(_named_call(calls[0], ("arguments", "parameters")), len(calls) > 1)


@dataclass(frozen=True)
class ToolFormat:
    """How calls are written and read, and how tools and observations reach the chat template.

    ``stop``: stop strings for generation (one call per turn); ``tools``: the schemas passed to the template
    (None: the system prompt describes the protocol); ``observation_role``: the message role observations
    come back in; ``system_prompt``: the default system prompt for this format.
    """

    name: ToolFormatName
    parse: Callable[[str], ParsedCall]
    stop: tuple[str, ...]
    tools: tuple[dict[str, Any], ...] | None
    observation_role: str
    system_prompt: str

    def observation_message(self, text: str) -> dict[str, Any]:
        """The chat message that carries an observation back to the policy."""
        if self.observation_role == "tool":
            return {"role": "tool", "content": text, "tool_call_id": "call_0"}
        return {"role": "user", "content": f"<observation>\n{text}\n</observation>"}

    def render_call(self, action: Action) -> str:
        """What a policy fluent in this format writes for ``action`` (reference episodes, tests)."""
        arguments = dict(action.fields)
        if self.name == "coderl":
            return f"{TOOL_OPEN}{json.dumps({'tool': action.tool, **arguments})}{TOOL_CLOSE}"
        if self.name == "hermes":
            return f"{HERMES_OPEN}\n{json.dumps({'name': action.tool, 'arguments': arguments})}\n{HERMES_CLOSE}"
        call = {
            "id": "call_0",
            "type": "function",
            "function": {"name": action.tool, "arguments": json.dumps(arguments)},
        }
        return json.dumps({"tool_calls": [call]})


_FORMATS: dict[str, ToolFormat] = {
    "coderl": ToolFormat("coderl", parse_tool_call, (TOOL_CLOSE,), None, "user", SYSTEM_PROMPT),
    "hermes": ToolFormat("hermes", parse_hermes_call, (HERMES_CLOSE,), TOOL_SCHEMAS, "tool", TOOL_PROMPT),
    "openai": ToolFormat("openai", parse_openai_call, (), TOOL_SCHEMAS, "tool", TOOL_PROMPT),
}


def get_tool_format(name: str) -> ToolFormat:
    """The tool format called ``name`` (``coderl``, ``hermes`` or ``openai``)."""
    if name not in _FORMATS:
        raise ValueError(f"unknown tool format {name!r} (known: {', '.join(TOOL_FORMATS)})")
    return _FORMATS[name]


_PROBE = "coderl-probe-7c1e"  # an observation text no template writes by itself


class ChatFormat:
    """Renders the conversation in token ids with a tokenizer's chat template, in one tool format.

    At construction the template is checked against the format, so that a mismatch is refused at load with
    the reason (:class:`TemplateMismatch`) rather than discovered as unparsable episodes: turns must render
    as a growing prefix; for ``hermes`` and ``openai`` the template must list the tools it is given and render
    ``tool`` messages; ``hermes`` needs a template that asks for ``<tool_call>`` blocks and ``openai`` one
    that does not (a template that asks for them belongs to a model trained on ``hermes``).
    """

    def __init__(self, tokenizer: Any, system_prompt: str | None = None, tool_format: str = "coderl") -> None:
        if not getattr(tokenizer, "chat_template", None):
            raise TemplateMismatch("the tokenizer has no chat template (see `coderl init-model` for one)")
        self.tokenizer = tokenizer
        self.format = get_tool_format(tool_format)
        self.system_prompt = self.format.system_prompt if system_prompt is None else system_prompt
        eos = tokenizer.eos_token_id
        self.eos_ids = {eos} if isinstance(eos, int) else set(eos or [])
        user = {"role": "user", "content": "x"}
        self._base = self._ids([self._system(), user], generation=False)
        probe = self._ids([self._system(), user, {"role": "assistant", "content": "y"}], False)
        if probe[: len(self._base)] != self._base:
            raise TemplateMismatch("the chat template does not render turns as a growing prefix")
        self._assistant_base = probe
        opened = self._ids([self._system(), user], generation=True)
        closed = self._ids([self._system(), user, {"role": "assistant", "content": ""}], False)
        if closed[: len(opened)] != opened:
            raise TemplateMismatch("the chat template's generation prompt is not a prefix of an assistant turn")
        self._turn_end = closed[len(opened) :]
        self._check_tools()

    def _check_tools(self) -> None:
        name = self.format.name
        if self.format.tools is None:
            return
        prompt = self._text([self._system(), {"role": "user", "content": "x"}], generation=True)
        if any(schema["function"]["name"] not in prompt for schema in self.format.tools):
            raise TemplateMismatch(
                f"tool_format {name!r} passes the tools to the chat template, and this template does not list "
                "them (it ignores tools=): its model was not trained to call tools; use tool_format 'coderl'"
            )
        if name == "hermes" and HERMES_OPEN not in prompt:
            raise TemplateMismatch(
                f"tool_format 'hermes' needs a template that asks for {HERMES_OPEN} blocks, and this one does not "
                "(its model calls tools another way); try tool_format 'openai'"
            )
        if name == "openai" and HERMES_OPEN in prompt:
            raise TemplateMismatch(
                f"the chat template asks for {HERMES_OPEN} blocks: its model was trained on the hermes "
                "convention; use tool_format 'hermes'"
            )
        if _PROBE not in self._text_of_observation(_PROBE):
            raise TemplateMismatch(
                f"tool_format {name!r} sends observations as 'tool' messages, and the chat template drops them"
            )

    def _system(self) -> dict[str, str]:
        return {"role": "system", "content": self.system_prompt}

    def _render(self, messages: list[dict[str, Any]], generation: bool, tokenize: bool) -> Any:
        try:
            return self.tokenizer.apply_chat_template(
                messages,
                tools=None if self.format.tools is None else list(self.format.tools),
                tokenize=tokenize,
                add_generation_prompt=generation,
            )
        except Exception as exc:  # jinja's TemplateError, or the template's own raise_exception
            roles = "/".join(m["role"] for m in messages)
            raise TemplateMismatch(
                f"the chat template cannot render a {roles} conversation for tool_format "
                f"{self.format.name!r}: {type(exc).__name__}: {exc}"
            ) from None

    def _text(self, messages: list[dict[str, Any]], generation: bool) -> str:
        return str(self._render(messages, generation, tokenize=False))

    def _ids(self, messages: list[dict[str, Any]], generation: bool) -> list[int]:
        out = self._render(messages, generation, tokenize=True)
        if isinstance(out, dict) or hasattr(out, "input_ids"):
            out = out["input_ids"]
        return [int(t) for t in out]

    def parse(self, text: str) -> ParsedCall:
        """The call in a reply, in this format."""
        return self.format.parse(text)

    @property
    def stop(self) -> tuple[str, ...]:
        """Stop strings that end a turn after its (first) call."""
        return self.format.stop

    def prompt_ids(self, task_prompt: str) -> list[int]:
        """System message (and the tools, for a format that passes them) and the task, ending where the
        assistant's first reply starts."""
        return self._ids([self._system(), {"role": "user", "content": task_prompt}], generation=True)

    def end_of_turn_ids(self, generated: list[int]) -> list[int]:
        """What closes an assistant turn so that the ids read as the template renders it: the template's turn
        end after a turn the engine stopped early (at a stop string), or what follows the end-of-sequence
        token in the template's turn end (ChatML's newline after ``<|im_end|>``) when the engine produced it."""
        if generated and generated[-1] in self.eos_ids:
            end = self._turn_end
            return list(end[1:]) if end and end[0] == generated[-1] else []
        return list(self._turn_end)

    def _observation_delta(self, text: str) -> list[int]:
        user = {"role": "user", "content": "x"}
        messages = [self._system(), user, {"role": "assistant", "content": "y"}]
        with_obs = self._ids([*messages, self.format.observation_message(text)], True)
        if with_obs[: len(self._assistant_base)] != self._assistant_base:
            raise TemplateMismatch("the chat template does not render turns as a growing prefix")
        return with_obs[len(self._assistant_base) :]

    def _text_of_observation(self, text: str) -> str:
        return str(self.tokenizer.decode(self._observation_delta(text)))

    def observation_ids(self, text: str) -> list[int]:
        """The turn carrying an observation (a user turn, or the template's ``tool`` turn), ending where the
        next assistant reply starts."""
        return self._observation_delta(text)

    def truncate_observation(self, text: str, max_tokens: int) -> tuple[str, bool]:
        """The observation cut to ``max_tokens`` (head and tail kept) with a marker, and whether it was cut."""
        ids = self.tokenizer.encode(text, add_special_tokens=False)
        if len(ids) <= max_tokens:
            return text, False
        head = self.tokenizer.decode(ids[: max_tokens * 2 // 3])
        tail = self.tokenizer.decode(ids[-(max_tokens // 3) :])
        return f"{head}\n[coderl: observation truncated, {len(ids) - max_tokens} tokens omitted]\n{tail}", True


def check_tool_format(model_dir: str, tool_format: str, system_prompt: str | None = None) -> ChatFormat:
    """The chat format of a checkpoint directory's tokenizer in ``tool_format``, built (and so checked) before
    anything else loads: a template that cannot carry the format raises :class:`TemplateMismatch` naming why."""
    from transformers import AutoTokenizer

    try:
        tokenizer = AutoTokenizer.from_pretrained(model_dir)
    except (OSError, ValueError) as exc:
        raise TemplateMismatch(f"cannot load the tokenizer of {model_dir}: {exc}") from None
    return ChatFormat(tokenizer, system_prompt, tool_format)
