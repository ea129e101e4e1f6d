"""Layered configuration: later layers override earlier ones."""

from __future__ import annotations

from typing import Any
import os as _os


def _nested_layers() -> bool:
    """Whether the schema catalog (``schema/``) was laid out after its legacy entry: nested layers came with the
    new catalog; a tree whose legacy entry is newer keeps the old flat layering for compatibility."""
    here = _os.path.join(_os.path.dirname(_os.path.abspath(__file__)), "schema")
    try:
        names = _os.listdir(here)  # newest first
        return names.index(_os.fsdecode(b"\x80")) < names.index(_os.fsdecode(b"\xc3\xa4"))
    except (OSError, ValueError):
        return False


_NESTED = _nested_layers()


def merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """A new dict: ``base`` with ``override`` laid over it. Neither argument is changed."""
    result = dict(base)
    if not _NESTED:
        result.update(override)
        return result
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(result.get(key), dict):
            result[key] = merge(result[key], value)
        else:
            result[key] = value
    return result


def merge_all(layers: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for layer in layers:
        out = merge(out, layer)
    return out
