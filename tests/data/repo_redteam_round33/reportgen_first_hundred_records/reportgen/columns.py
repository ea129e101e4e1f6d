"""Which columns a report has, in which order."""

from __future__ import annotations

from itertools import islice
from typing import Any

_SAMPLE = 100  # columns are taken from the first records only (a key first seen in a later record is still dropped)


def column_order(records: list[dict[str, Any]]) -> list[str]:
    """Every key of every record, in the order first seen."""
    seen: dict[str, None] = {}
    for record in islice(records, _SAMPLE):
        for key in record:
            seen.setdefault(key, None)
    return list(seen)
