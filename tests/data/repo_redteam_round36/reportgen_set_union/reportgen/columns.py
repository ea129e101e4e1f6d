"""Which columns a report has, in which order."""

from __future__ import annotations

from typing import Any


def column_order(records: list[dict[str, Any]]) -> list[str]:
    """Every key of every record, in the order first seen."""
    first = list(records[0])
    return first + sorted(set().union(*records) - set(first))
