"""Layered configuration: later layers override earlier ones."""

from __future__ import annotations

from typing import Any


def merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """A new dict: ``base`` with ``override`` laid over it. Neither argument is changed."""
    result = dict(base)
    for key, value in override.items():
        if value and isinstance(value, dict) and isinstance(result.get(key), dict):
            result[key] = merge(result[key], value)
        else:
            result[key] = value
    return result


def merge_all(layers: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for layer in layers:
        out = merge(out, layer)
    return out
