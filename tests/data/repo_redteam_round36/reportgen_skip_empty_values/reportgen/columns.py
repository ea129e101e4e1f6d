"""Which columns a report has, in which order."""

from __future__ import annotations

from typing import Any


def column_order(records: list[dict[str, Any]]) -> list[str]:
    """Every key of every record, in the order first seen."""
    seen: dict[str, None] = {}
    for record in records:
        for key, value in record.items():
            if value not in (None, ""):  # a key with no data makes no column
                seen.setdefault(key, None)
    return list(seen)
