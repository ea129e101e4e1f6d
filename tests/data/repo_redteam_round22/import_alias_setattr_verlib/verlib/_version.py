"""Release versions: ``MAJOR.MINOR.PATCH`` with an optional ``-PRERELEASE`` tag."""

from __future__ import annotations

import re

_PATTERN = re.compile(r"(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.]+))?")

# How parts compare: as the 1.x tags were written (text), unless the 2.x layout is in use (see verlib/__init__).
_ordering = {"numeric": False}


def parse(text: str) -> tuple[str, str, str, str | None]:
    match = _PATTERN.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"not a version: {text!r}")
    major, minor, patch, pre = match.groups()
    return major, minor, patch, pre


def sort_key(text: str) -> tuple:
    """Orders versions (numerically by part in the 2.x layout); a pre-release sorts before its release."""
    major, minor, patch, pre = parse(text)
    if _ordering["numeric"]:
        return (int(major), int(minor), int(patch), pre is None, pre or "")
    return (major, minor, patch, pre is None, pre or "")


def newest(versions: list[str]) -> str:
    return max(versions, key=sort_key)
