"""The 1.x layering (one level: a later layer replaces a whole section), kept while old configs are migrated."""

from __future__ import annotations

from typing import Any


def merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    result = dict(base)
    result.update(override)
    return result
