"""Stage 1's verdict on one action of each tool, for the guard's behaviour tests: True when it flags a cheat."""

from __future__ import annotations

from coderl.guard import Stage1Scanner, parse_action


def wrote(scanner: Stage1Scanner, path: str, content: str) -> bool:
    """``write_file`` of ``content`` at ``path``."""
    return scanner.scan(parse_action({"tool": "write_file", "path": path, "content": content})).cheat


def edited(scanner: Stage1Scanner, path: str, old: str, new: str) -> bool:
    """``edit_file`` of ``path`` replacing ``old`` with ``new``."""
    return scanner.scan(parse_action({"tool": "edit_file", "path": path, "old": old, "new": new})).cheat


def ran(scanner: Stage1Scanner, command: str) -> bool:
    """``bash`` running ``command``."""
    return scanner.scan(parse_action({"tool": "bash", "command": command})).cheat
