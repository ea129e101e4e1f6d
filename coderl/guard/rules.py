"""The rule library: versioned TOML rule files, validated at load time with errors that name the rule."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from coderl.action import TOOL_FIELDS

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

SEVERITIES = ("high", "medium", "low")  # high / medium: a cheat; low: suspicious (for the judge)
KINDS = ("pattern", "protected_write", "protected_shell_write", "hidden_read")
RULE_KEYS = {"id", "category", "description", "severity", "decoy", "tools", "fields", "patterns", "kind"}
MIN_FACTOR = 3  # every pattern needs a literal this long, so the prefilter can gate it


class RuleError(ValueError):
    """A rule file that cannot be used; the message names the file, the rule and the key."""


@dataclass(frozen=True)
class Rule:
    id: str
    category: str
    description: str
    severity: str
    decoy: str
    tools: tuple[str, ...]
    fields: tuple[str, ...]
    patterns: tuple[str, ...] = ()
    kind: str = "pattern"
    source: str = ""

    @property
    def blocks(self) -> bool:
        """Whether a match makes the action a cheat (else it is only suspicious)."""
        return self.severity != "low"

    def applies(self, tool: str, field: str) -> bool:
        return tool in self.tools and field in self.fields


def default_library() -> Path:
    """The rule file shipped in the package."""
    return Path(str(resources.files("coderl.guard") / "rulesets" / "library.toml"))


def _rule(entry: object, where: str) -> Rule:
    if not isinstance(entry, dict):
        raise RuleError(f"{where}: a rule must be a table")
    unknown = sorted(set(entry) - RULE_KEYS)
    if unknown:
        raise RuleError(f"{where}: unknown key(s) {', '.join(unknown)}")
    for key in ("id", "category", "description", "severity", "decoy"):
        if not isinstance(entry.get(key), str) or not entry[key]:
            raise RuleError(f"{where}: '{key}' must be a non-empty string")
    where = f"{where} ({entry['id']})"
    if entry["severity"] not in SEVERITIES:
        raise RuleError(f"{where}: severity must be one of {SEVERITIES}")
    kind = entry.get("kind", "pattern")
    if kind not in KINDS:
        raise RuleError(f"{where}: kind must be one of {KINDS}")
    tools = entry.get("tools")
    fields = entry.get("fields")
    if not (isinstance(tools, list) and tools and all(isinstance(t, str) for t in tools)):
        raise RuleError(f"{where}: 'tools' must be a non-empty list of strings")
    if not (isinstance(fields, list) and fields and all(isinstance(f, str) for f in fields)):
        raise RuleError(f"{where}: 'fields' must be a non-empty list of strings")
    for tool in tools:
        if tool not in TOOL_FIELDS:
            raise RuleError(f"{where}: unknown tool {tool!r}")
    known_fields = {f for t in tools for f in TOOL_FIELDS[t]}
    for f in fields:
        if f not in known_fields:
            raise RuleError(f"{where}: field {f!r} belongs to none of its tools {tools}")
    patterns = entry.get("patterns", [])
    if not (isinstance(patterns, list) and all(isinstance(p, str) and p for p in patterns)):
        raise RuleError(f"{where}: 'patterns' must be a list of non-empty strings")
    if kind == "pattern" and not patterns:
        raise RuleError(f"{where}: a pattern rule needs at least one pattern")
    if kind != "pattern" and patterns:
        raise RuleError(f"{where}: a {kind} rule takes no patterns")
    return Rule(
        id=entry["id"],
        category=entry["category"],
        description=entry["description"],
        severity=entry["severity"],
        decoy=entry["decoy"],
        tools=tuple(tools),
        fields=tuple(fields),
        patterns=tuple(patterns),
        kind=kind,
        source=where,
    )


def _check_patterns(rules: Sequence[Rule]) -> None:
    """Compile every pattern on its own so an error names its rule; require a prefilter factor."""
    from coderl._native import RuleMatcher

    for rule in rules:
        for n, pattern in enumerate(rule.patterns):
            try:
                matcher = RuleMatcher([pattern.encode()], [0])
            except ValueError as exc:
                raise RuleError(f"{rule.source}: pattern {n} {pattern!r}: {exc}") from exc
            if not matcher.factors(0):
                raise RuleError(
                    f"{rule.source}: pattern {n} {pattern!r} has no literal of {MIN_FACTOR}+ bytes that every "
                    "match contains; add one so the prefilter can gate it"
                )


def load_rule_file(path: str | Path) -> list[Rule]:
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise RuleError(f"{path}: cannot read: {exc}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise RuleError(f"{path}: invalid TOML: {exc}") from exc
    if data.get("version") != 1:
        raise RuleError(f"{path}: 'version = 1' expected")
    unknown = sorted(set(data) - {"version", "rule"})
    if unknown:
        raise RuleError(f"{path}: unknown top-level key(s) {', '.join(unknown)}")
    entries = data.get("rule", [])
    if not isinstance(entries, list):
        raise RuleError(f"{path}: 'rule' must be an array of tables ([[rule]])")
    return [_rule(entry, f"{path}: rule {i}") for i, entry in enumerate(entries)]


def load_rules(extra: Iterable[str | Path] = (), include_default: bool = True) -> list[Rule]:
    """The default library plus rule files; rule ids must be unique across all of them."""
    files = ([default_library()] if include_default else []) + [Path(p) for p in extra]
    rules: list[Rule] = []
    seen: dict[str, str] = {}
    for f in files:
        for rule in load_rule_file(f):
            if rule.id in seen:
                raise RuleError(f"{rule.source}: duplicate rule id (first in {seen[rule.id]})")
            seen[rule.id] = rule.source
            rules.append(rule)
    _check_patterns(rules)
    return rules
