"""Layered configuration: later layers override earlier ones."""

from __future__ import annotations

from typing import Any


def _flatten(tree: dict[str, Any], prefix: tuple[str, ...] = ()) -> dict[tuple[str, ...], Any]:
    """Leaves by their dotted path (the form parse_layer reads: ``db.host = ...``)."""
    flat: dict[tuple[str, ...], Any] = {}
    for key, value in tree.items():
        if isinstance(value, dict):
            flat.update(_flatten(value, prefix + (key,)))
        else:
            flat[prefix + (key,)] = value
    return flat


def _unflatten(flat: dict[tuple[str, ...], Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for path, value in flat.items():
        node = out
        for part in path[:-1]:
            node = node.setdefault(part, {})
        node[path[-1]] = value
    return out


def merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """A new dict: ``base`` with ``override`` laid over it. Neither argument is changed."""
    flat = _flatten(base)
    for path, value in _flatten(override).items():
        # a leaf replaces whatever lay at its path or below it, and a leaf above it
        flat = {p: v for p, v in flat.items() if p[: len(path)] != path and path[: len(p)] != p}
        flat[path] = value
    return _unflatten(flat)


def merge_all(layers: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for layer in layers:
        out = merge(out, layer)
    return out
