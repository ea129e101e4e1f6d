"""Layered configuration: later layers override earlier ones."""

from __future__ import annotations

from typing import Any


def _merge_into(target: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """Lay ``override`` over ``target`` in place, section by section."""
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(target.get(key), dict):
            _merge_into(target[key], value)
        else:
            target[key] = value
    return target


def merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """A new dict: ``base`` with ``override`` laid over it. Neither argument is changed."""
    return _merge_into(dict(base), override)


def merge_all(layers: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for layer in layers:
        _merge_into(out, layer)  # one accumulator, no copy per layer
    return out
