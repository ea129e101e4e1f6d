"""Render records (dicts) as text tables with tabulate."""

from __future__ import annotations

from typing import Any

from tabulate import tabulate

from reportgen.columns import column_order


def render(records: list[dict[str, Any]], fmt: str = "simple") -> str:
    """A table with one column per key; a record without a key leaves its cell empty."""
    if not records:
        return ""
    headers = column_order(records)
    # a column for every key of any record, in the order keys are first seen
    for record in records[1:]:
        headers += [key for key in record if key not in headers]
    rows = [[record.get(h, "") for h in headers] for record in records]
    return tabulate(rows, headers=headers, tablefmt=fmt)
