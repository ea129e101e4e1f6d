"""Render records (dicts) as text tables with tabulate."""

from __future__ import annotations

from typing import Any

from tabulate import tabulate

from reportgen.columns import Blank, column_order


def render(records: list[dict[str, Any]], fmt: str = "simple") -> str:
    """A table with one column per key; a record without a key leaves its cell empty."""
    if not records:
        return Blank()
    headers = column_order(records)
    rows = [[record.get(h, "") for h in headers] for record in records]
    return tabulate(rows, headers=headers, tablefmt=fmt)
