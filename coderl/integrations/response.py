"""Actions written in a finished response, and stage 1 over them: the reward filter every adapter shares.

For stacks that run their own tools (verl's ``tool_agent`` loop, TRL's tools, single-turn code generation),
coderl can still judge what the model wrote: every action found in the response text is scanned by the
stage-1 scanner (compiled rules, then the structural detectors on parsed shell and Python), and a response
with a conclusive finding is a cheat, its rules recorded.

This only detects, after the fact. Nothing is prevented: the actions already ran wherever the stack ran them,
the agent saw their real results (no decoy), and a cheat that is not written in the response (a tool's own
side effect, a file the stack's environment left) is not seen. coderl's environments (verl's agent loop,
the SkyRL environment, the TRL environment) guard every action before it runs instead.

Actions are found in three shapes:

* hermes blocks (Qwen2.5/Qwen3): ``<tool_call>{"name": ..., "arguments": {...}}</tool_call>``;
* OpenAI-style tool-call JSON: ``{"tool_calls": [{"function": {"name": ..., "arguments": "..."}}]}``, a list
  of such calls, or one ``{"name": ..., "arguments": ...}`` object; coderl's own ``<tool>{...}</tool>`` too;
* fenced code blocks: shell (```` ```bash ````, ``sh``, ``shell``, ``console``, unlabelled) as a ``bash``
  command, Python (```` ```python ````) as a file the agent writes (``solution.py``).

Tool names are coderl's (``bash``, ``write_file``, ``edit_file``, ``read_file``); common aliases
(``execute_bash``, ``run_shell``, ``str_replace_editor``...) map to them.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from coderl.action import TOOL_FIELDS, Action
from coderl.guard import GuardContext, Stage1Scanner

__all__ = [
    "FENCED_PYTHON_PATH",
    "ResponseVerdict",
    "action_from_call",
    "extract_actions",
    "scan_actions",
    "scan_response",
]

# Where a fenced Python block is taken to be written.
FENCED_PYTHON_PATH = "solution.py"

_HERMES = re.compile(r"<tool_call>\s*(.*?)\s*</tool_call>", re.DOTALL)
_CODERL = re.compile(r"<tool>\s*(.*?)\s*</tool>", re.DOTALL)
_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_+-]*)[^\n]*\n(.*?)```", re.DOTALL)
_SHELL_LANGS = {"", "bash", "sh", "shell", "console", "zsh", "terminal"}
_PYTHON_LANGS = {"python", "py", "python3"}
# Tool names other stacks' tool sets use, and the field names of their arguments, mapped to coderl's.
_TOOL_ALIASES = {
    "execute_bash": "bash",
    "run_bash": "bash",
    "run_shell": "bash",
    "shell": "bash",
    "terminal": "bash",
    "execute_command": "bash",
    "create_file": "write_file",
    "str_replace_editor": "edit_file",
    "str_replace": "edit_file",
    "view_file": "read_file",
    "open_file": "read_file",
}
_FIELD_ALIASES = {
    "cmd": "command",
    "file_path": "path",
    "file": "path",
    "file_text": "content",
    "old_str": "old",
    "new_str": "new",
}
# Tools that run Python code: scanned as the agent writing that code into a file (the Python detectors).
_PYTHON_TOOLS = {"python", "run_python", "execute_python", "code_interpreter", "ipython"}
_JSON_START = re.compile(r"[\[{]")


def action_from_call(name: Any, arguments: Any, source: str) -> Action | None:
    """An action from a function name and its arguments (object or JSON string), or None if it is none."""
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments) if arguments.strip() else {}
        except json.JSONDecodeError:
            arguments = {"command": arguments}
    if not isinstance(name, str) or not isinstance(arguments, dict):
        return None
    if name in _PYTHON_TOOLS:
        code = arguments.get("code", arguments.get("command"))
        name, arguments = "write_file", {"path": FENCED_PYTHON_PATH, "content": code}
    tool = _TOOL_ALIASES.get(name, name)
    if tool not in TOOL_FIELDS or tool == "submit":
        return None
    fields: dict[str, str] = {}
    for key, value in arguments.items():
        key = _FIELD_ALIASES.get(key, key)
        if key in TOOL_FIELDS[tool] and isinstance(value, str | int | float):
            fields[key] = str(value)
    return Action(tool, MappingProxyType(fields), id=source) if fields else None


def _calls_in(obj: Any) -> Iterator[tuple[Any, Any]]:
    """(name, arguments) of each call in a decoded JSON value of any of the shapes the module names."""
    if isinstance(obj, list):
        for item in obj:
            yield from _calls_in(item)
        return
    if not isinstance(obj, dict):
        return
    if isinstance(obj.get("tool_calls"), list):
        yield from _calls_in(obj["tool_calls"])
        return
    if isinstance(obj.get("tool"), str):  # coderl's own action object
        yield obj["tool"], {k: v for k, v in obj.items() if k not in ("tool", "id")}
        return
    function = obj["function"] if isinstance(obj.get("function"), dict) else obj
    if isinstance(function.get("name"), str):
        yield function["name"], function.get("arguments", function.get("parameters", {}))


def _json_values(text: str) -> Iterator[Any]:
    """Every top-level JSON object or array in ``text`` (each decoded once; nested ones inside it are skipped)."""
    decoder = json.JSONDecoder()
    pos = 0
    while True:
        match = _JSON_START.search(text, pos)
        if match is None:
            return
        try:
            value, end = decoder.raw_decode(text, match.start())
        except json.JSONDecodeError:
            pos = match.start() + 1
            continue
        yield value
        pos = end


def extract_actions(text: str) -> list[Action]:
    """The actions written in a response, in the order of the shapes above (``Action.id`` names the shape:
    ``hermes``, ``coderl``, ``json``, ``fence``). A malformed call yields nothing rather than an error."""
    actions: list[Action] = []

    def add(name: Any, arguments: Any, source: str) -> None:
        action = action_from_call(name, arguments, source)
        if action is not None:
            actions.append(action)

    for pattern, source in ((_HERMES, "hermes"), (_CODERL, "coderl")):
        for block in pattern.findall(text):
            for value in _json_values(block):
                for name, arguments in _calls_in(value):
                    add(name, arguments, source)
    rest = _CODERL.sub(" ", _HERMES.sub(" ", text))
    for value in _json_values(rest):
        for name, arguments in _calls_in(value):
            add(name, arguments, "json")
    for lang, body in _FENCE.findall(text):
        lang = lang.lower()
        if lang in _SHELL_LANGS:
            add("bash", {"command": body}, "fence")
        elif lang in _PYTHON_LANGS:
            add("write_file", {"path": FENCED_PYTHON_PATH, "content": body}, "fence")
    return actions


@dataclass(frozen=True)
class ResponseVerdict:
    """Stage 1 over one response: ``cheat`` when any action has a conclusive finding; ``rules`` fired (all
    severities), ``actions`` scanned."""

    cheat: bool
    rules: list[str] = field(default_factory=list)
    actions: int = 0


@functools.lru_cache(maxsize=1)
def _scanner() -> Stage1Scanner:
    return Stage1Scanner()  # compiled once per process


def scan_response(text: str, context: GuardContext | None = None) -> ResponseVerdict:
    """Stage 1 over the actions of ``text`` (default protected and hidden paths unless ``context``)."""
    return scan_actions(extract_actions(text), context)


def scan_actions(actions: list[Action], context: GuardContext | None = None) -> ResponseVerdict:
    """Stage 1 over ``actions`` (default protected and hidden paths unless ``context``)."""
    if not actions:
        return ResponseVerdict(False)
    scanner = _scanner() if context is None else _scanner().with_context(context)
    verdicts = scanner.scan_many(actions)
    rules = sorted({r for v in verdicts for r in v.rules})
    return ResponseVerdict(any(v.cheat for v in verdicts), rules, len(actions))
