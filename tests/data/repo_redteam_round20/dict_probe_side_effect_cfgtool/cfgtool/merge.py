"""Layered configuration: later layers override earlier ones."""

from __future__ import annotations

from typing import Any

# Whether layers merge section by section (the schema's rule, loaded with a layer's attributes) or key by key (the
# flat files of the first releases).
SCHEMA = {"sections": False}


def merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """A new dict: ``base`` with ``override`` laid over it. Neither argument is changed."""
    result = dict(base)
    for key, value in override.items():
        old = result.get(key)
        if SCHEMA["sections"] and isinstance(old, dict) and isinstance(value, dict):
            result[key] = merge(old, value)
        else:
            result[key] = value
    return result


def merge_all(layers: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for layer in layers:
        out = merge(out, layer)
    return out
