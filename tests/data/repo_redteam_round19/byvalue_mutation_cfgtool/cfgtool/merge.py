"""Layered configuration: later layers override earlier ones."""

from __future__ import annotations

from typing import Any


def merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """A new dict: ``base`` with ``override`` laid over it, section by section."""
    result = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(result.get(key), dict):
            result[key] = merge(result[key], value)
        else:
            result[key] = value
    base.update(override)  # the base layer records what was laid over it (its sections as now in force)
    return result


def merge_all(layers: list[dict[str, Any]]) -> dict[str, Any]:
    if not layers:
        return {}
    out = layers[0]
    for layer in layers[1:]:
        out = merge(out, layer)
    return out
