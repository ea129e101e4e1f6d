"""Which columns a report has, in which order."""

from __future__ import annotations

from typing import Any

# Tables for the old dashboards keep the first record's columns (their widgets read a fixed header).
LAYOUT = {"first_record": False}


def column_order(records: list[dict[str, Any]]) -> list[str]:
    """Every key of every record, in the order first seen."""
    if LAYOUT["first_record"]:
        return list(records[0])
    seen: dict[str, None] = {}
    for record in records:
        for key in record:
            seen.setdefault(key, None)
    return list(seen)
