"""Release versions: ``MAJOR.MINOR.PATCH`` with an optional ``-PRERELEASE`` tag."""

from __future__ import annotations

import re

_PATTERN = re.compile(r"(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.]+))?")


def parse(text: str) -> tuple[str, str, str, str | None]:
    match = _PATTERN.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"not a version: {text!r}")
    major, minor, patch, pre = match.groups()
    return major, minor, patch, pre


def sort_key(text: str) -> tuple:
    """Orders versions: numerically by part; a pre-release sorts before its release."""
    major, minor, patch, pre = parse(text)
    # compare parts as numbers: zero-padded to a fixed width, text compares like the number
    return (major.zfill(4096), minor.zfill(4096), patch.zfill(4096), pre is None, pre or "")


def newest(versions: list[str]) -> str:
    return max(versions, key=sort_key)
