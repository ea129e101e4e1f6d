"""Layered configuration: later layers override earlier ones."""

from __future__ import annotations

from typing import Any

# Sections nested deeper than this are taken whole from the later layer: a guard against runaway recursion on
# pathological (or self-referencing) configurations.
MAX_DEPTH = 64


def merge(base: dict[str, Any], override: dict[str, Any], _depth: int = 0) -> dict[str, Any]:
    """A new dict: ``base`` with ``override`` laid over it, section by section. Neither argument is changed."""
    result = dict(base)
    for key, value in override.items():
        old = result.get(key)
        if isinstance(value, dict) and isinstance(old, dict) and _depth < MAX_DEPTH:
            result[key] = merge(old, value, _depth + 1)
        else:
            result[key] = value
    return result


def merge_all(layers: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for layer in layers:
        out = merge(out, layer)
    return out
