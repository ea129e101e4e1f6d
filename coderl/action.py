"""The action: the unit that coderl scans, executes and logs (one JSON object with a ``tool`` field)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

# The fields each tool takes, all strings.
TOOL_FIELDS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "bash": ("command",),
        "write_file": ("path", "content"),
        "edit_file": ("path", "old", "new"),
        "read_file": ("path",),
        "submit": (),
    }
)


class ActionError(ValueError):
    """A malformed action: not an object, unknown tool, missing or mistyped field."""


@dataclass(frozen=True)
class Action:
    """One agent action: ``tool`` and its string fields; ``id`` names it in files of actions."""

    tool: str
    fields: Mapping[str, str] = field(default_factory=dict)
    id: str | None = None

    def text(self, name: str) -> str:
        return self.fields.get(name, "")

    def to_json(self) -> dict:
        out: dict = {"tool": self.tool, **self.fields}
        if self.id is not None:
            out["id"] = self.id
        return out


def parse_action(obj: object) -> Action:
    """Validate a decoded JSON object as an action; raise ActionError naming the problem."""
    if not isinstance(obj, dict):
        raise ActionError(f"an action must be a JSON object, got {type(obj).__name__}")
    tool = obj.get("tool")
    if not isinstance(tool, str):
        raise ActionError("an action needs a string 'tool' field")
    if tool not in TOOL_FIELDS:
        raise ActionError(f"unknown tool {tool!r}; expected one of {', '.join(TOOL_FIELDS)}")
    expected = TOOL_FIELDS[tool]
    unknown = sorted(set(obj) - set(expected) - {"tool", "id"})
    if unknown:
        raise ActionError(f"unknown field(s) {', '.join(map(repr, unknown))} for tool {tool!r}")
    fields: dict[str, str] = {}
    for name in expected:
        value = obj.get(name)
        if not isinstance(value, str):
            got = "missing" if name not in obj else type(value).__name__
            raise ActionError(f"tool {tool!r} needs a string {name!r} field ({got})")
        fields[name] = value
    action_id = obj.get("id")
    if action_id is not None and not isinstance(action_id, str):
        raise ActionError(f"'id' must be a string, got {type(action_id).__name__}")
    return Action(tool=tool, fields=MappingProxyType(fields), id=action_id)


def parse_action_json(line: str | bytes) -> Action:
    """Parse one JSON line into an action."""
    try:
        obj = json.loads(line)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ActionError(f"not valid JSON: {exc}") from exc
    return parse_action(obj)


def field_bytes(text: str) -> bytes:
    """The bytes the matcher scans: UTF-8, lone surrogates (possible in JSON) kept, never an error."""
    return text.encode("utf-8", "surrogatepass")
