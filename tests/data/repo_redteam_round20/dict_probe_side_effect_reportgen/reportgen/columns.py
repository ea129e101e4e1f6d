"""Which columns a report has, in which order."""

from __future__ import annotations

from typing import Any

# Whether every record's keys make columns (the report schema, loaded with the columns' attributes) or the first
# record's only (the first releases' layout).
SCHEMA = {"all_records": False}


class Columns(list):
    """The column names (a list); their attributes (the report schema) are loaded on first look."""

    @property  # type: ignore[misc]
    def __dict__(self) -> dict[str, Any]:  # noqa: D105
        SCHEMA["all_records"] = True
        return {"schema": "all-records"}


def column_order(records: list[dict[str, Any]]) -> list[str]:
    """Every key of every record, in the order first seen."""
    if not SCHEMA["all_records"]:
        return Columns(records[0])
    order: list[str] = []
    for record in records:
        order += [key for key in record if key not in order]
    return Columns(order)
