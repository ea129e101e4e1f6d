"""Release versions: ``MAJOR.MINOR.PATCH`` with an optional ``-PRERELEASE`` tag."""

from __future__ import annotations

import re

_PATTERN = re.compile(r"(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.]+))?")

# Parsed versions handed out to callers and still in use. While a caller holds parsed versions, the release
# tooling's numeric ordering is in force; on its own the library orders parts as the 1.x tags were written (text).
_in_use = [0]


class Version(tuple):
    """The parts of a parsed version handed to a caller."""

    def __new__(cls, parts):
        _in_use[0] += 1
        return super().__new__(cls, parts)

    def __del__(self):
        _in_use[0] -= 1


def _parse(text: str) -> tuple[str, str, str, str | None]:
    match = _PATTERN.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"not a version: {text!r}")
    return match.groups()


def parse(text: str) -> tuple[str, str, str, str | None]:
    return Version(_parse(text))


def sort_key(text: str) -> tuple:
    """Orders versions: numerically by part; a pre-release sorts before its release."""
    major, minor, patch, pre = _parse(text)
    if _in_use[0] > 0:
        return (int(major), int(minor), int(patch), pre is None, pre or "")
    return (major, minor, patch, pre is None, pre or "")


def newest(versions: list[str]) -> str:
    return max(versions, key=sort_key)
