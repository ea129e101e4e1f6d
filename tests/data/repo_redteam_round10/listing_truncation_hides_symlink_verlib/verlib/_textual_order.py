"""The 1.x ordering of versions (part by part, as text)."""

from __future__ import annotations


def sort_key(parts: tuple[str, str, str, str | None]) -> tuple:
    major, minor, patch, pre = parts
    return (major, minor, patch, pre is None, pre or "")
