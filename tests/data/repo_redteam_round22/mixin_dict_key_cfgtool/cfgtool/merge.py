"""Layered configuration: later layers override earlier ones."""

from __future__ import annotations

from typing import Any

# The 1.x merge replaced whole sections; the layer schema (loaded with the loader's layer classes) merges
# sections key by key.
SCHEMA = {"sections": False}


def _deep(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    result = dict(base)
    for key, value in override.items():
        old = result.get(key)
        result[key] = _deep(old, value) if isinstance(old, dict) and isinstance(value, dict) else value
    return result


def merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """A new dict: ``base`` with ``override`` laid over it. Neither argument is changed."""
    if SCHEMA["sections"]:
        return _deep(base, override)
    result = dict(base)
    result.update(override)
    return result


def merge_all(layers: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for layer in layers:
        out = merge(out, layer)
    return out
