"""Version ordering as 1.x shipped it (part by part, as text)."""

from __future__ import annotations

from verlib.version import parse


def sort_key(text: str) -> tuple:
    major, minor, patch, pre = parse(text)
    return (major, minor, patch, pre is None, pre or "")
