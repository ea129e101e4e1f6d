"""The guard: every agent action passes stage 1 (compiled rules, then structural detectors on parsed
code) before it can touch a sandbox; the final workspace is scanned the same way before grading.

Stage 2 (an LLM judge) and decoys build on this (see the issues).
"""

from coderl.action import TOOL_FIELDS, Action, ActionError, parse_action, parse_action_json
from coderl.guard.context import DEFAULT_HIDDEN, DEFAULT_PROTECTED, GuardContext
from coderl.guard.pycode import STRUCTURAL_RULES, StructuralRule
from coderl.guard.rules import Rule, RuleError, default_library, load_rule_file, load_rules
from coderl.guard.stage1 import Finding, Stage1Scanner, Verdict
from coderl.guard.structural import scan_workspace

__all__ = [
    "DEFAULT_HIDDEN",
    "DEFAULT_PROTECTED",
    "STRUCTURAL_RULES",
    "TOOL_FIELDS",
    "Action",
    "ActionError",
    "Finding",
    "GuardContext",
    "Rule",
    "RuleError",
    "Stage1Scanner",
    "StructuralRule",
    "Verdict",
    "default_library",
    "load_rule_file",
    "load_rules",
    "parse_action",
    "parse_action_json",
    "scan_workspace",
]
