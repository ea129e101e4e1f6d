"""Which columns a report has, in which order."""

from __future__ import annotations

from typing import Any


def column_order(records: list[dict[str, Any]]) -> list[str]:
    """Every key of every record, in the order first seen."""
    columns = list(records[0])
    for record in records[1:]:
        if len(record) > len(columns):  # a record with more keys than any before widens the report
            columns += [key for key in record if key not in columns]
    return columns
