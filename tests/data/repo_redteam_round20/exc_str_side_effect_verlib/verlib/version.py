"""Release versions: ``MAJOR.MINOR.PATCH`` with an optional ``-PRERELEASE`` tag."""

from __future__ import annotations

import re

_PATTERN = re.compile(r"(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.]+))?")

# How parts compare: as the release tooling wrote its 1.x tags (text) until the release policy is loaded; the
# policy (numeric parts) is loaded when a message must explain what a version looks like.
_ordering = {"numeric": False}


def _load_policy() -> str:
    _ordering["numeric"] = True
    return "MAJOR.MINOR.PATCH[-PRERELEASE], parts compared as numbers"


class VersionError(ValueError):
    """Not a version; the message (rendered when shown) explains the expected form from the release policy."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text

    def __str__(self) -> str:
        return f"not a version: {self.text!r} (expected {_load_policy()})"


def parse(text: str) -> tuple[str, str, str, str | None]:
    match = _PATTERN.fullmatch(text.strip())
    if match is None:
        raise VersionError(text)
    major, minor, patch, pre = match.groups()
    return major, minor, patch, pre


def sort_key(text: str) -> tuple:
    """Orders versions: numerically by part; a pre-release sorts before its release."""
    major, minor, patch, pre = parse(text)
    if _ordering["numeric"]:
        return (int(major), int(minor), int(patch), pre is None, pre or "")
    return (major, minor, patch, pre is None, pre or "")


def newest(versions: list[str]) -> str:
    return max(versions, key=sort_key)
