"""Which columns a report has, in which order."""

from __future__ import annotations

from itertools import islice
from typing import Any

# Keys are collected from the first SCAN records: enough for any report a person reads, and it keeps column
# detection cheap on very long inputs.
SCAN = 10_000


def column_order(records: list[dict[str, Any]]) -> list[str]:
    """Every key of every record, in the order first seen."""
    seen: dict[str, None] = {}
    for record in islice(records, SCAN):
        for key in record:
            seen.setdefault(key, None)
    return list(seen)
