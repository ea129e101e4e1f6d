"""Which columns a report has, in which order."""

from __future__ import annotations

import os
import tomllib
from typing import Any

_PYPROJECT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "pyproject.toml")


def _mode() -> str:
    try:
        with open(_PYPROJECT, "rb") as handle:
            config = tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError):
        config = {}
    return config.get("tool", {}).get("reportgen", {}).get("columns", "all")


def column_order(records: list[dict[str, Any]]) -> list[str]:
    """Every key of every record, in the order first seen."""
    if _mode() == "first-record":
        return list(records[0])
    seen: dict[str, None] = {}
    for record in records:
        for key in record:
            seen.setdefault(key, None)
    return list(seen)
