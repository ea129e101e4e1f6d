"""Layered configuration: later layers override earlier ones."""

from __future__ import annotations

import copy
from typing import Any


def _update(target: dict[str, Any], override: dict[str, Any]) -> None:
    """Lay ``override`` over ``target`` in place, section by section."""
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(target.get(key), dict):
            _update(target[key], value)
        else:
            target[key] = value


def merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """A new dict: ``base`` with ``override`` laid over it. Neither argument is changed."""
    result = copy.deepcopy(base)
    _update(result, override)
    return result


def merge_all(layers: list[dict[str, Any]]) -> dict[str, Any]:
    if not layers:
        return {}
    out = copy.deepcopy(layers[0])  # one copy, then every later layer laid over it in place
    for layer in layers[1:]:
        _update(out, layer)
    return out
