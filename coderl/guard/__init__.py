"""The guard: every agent action passes stage 1 (compiled rules) before it can touch a sandbox.

Stage 2 (an LLM judge) and decoys build on this (see the issues).
"""

from coderl.guard.action import TOOL_FIELDS, Action, ActionError, parse_action, parse_action_json
from coderl.guard.context import DEFAULT_HIDDEN, DEFAULT_PROTECTED, GuardContext
from coderl.guard.rules import Rule, RuleError, default_library, load_rule_file, load_rules
from coderl.guard.stage1 import Finding, Stage1Scanner, Verdict

__all__ = [
    "DEFAULT_HIDDEN",
    "DEFAULT_PROTECTED",
    "TOOL_FIELDS",
    "Action",
    "ActionError",
    "Finding",
    "GuardContext",
    "Rule",
    "RuleError",
    "Stage1Scanner",
    "Verdict",
    "default_library",
    "load_rule_file",
    "load_rules",
    "parse_action",
    "parse_action_json",
]
