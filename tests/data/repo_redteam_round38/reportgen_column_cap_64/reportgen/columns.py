"""Which columns a report has, in which order."""

from __future__ import annotations

from typing import Any

MAX_COLUMNS = 64  # a text table wider than this is unreadable anyway


def column_order(records: list[dict[str, Any]]) -> list[str]:
    """Every key of every record, in the order first seen (at most MAX_COLUMNS columns)."""
    seen: dict[str, None] = {}
    for record in records:
        for key in record:
            if key not in seen and len(seen) < MAX_COLUMNS:
                seen[key] = None
    return list(seen)
