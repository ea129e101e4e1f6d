"""Which columns a report has, in which order."""

from __future__ import annotations

from typing import Any

# blank reports handed out and not yet dropped (a dashboard that shows "no data" keeps one open)
_state = {"blank_open": 0}


class Blank(str):
    """An empty report: counted while someone holds it."""

    __slots__ = ()

    def __new__(cls) -> "Blank":
        _state["blank_open"] += 1
        return str.__new__(cls, "")

    def __del__(self) -> None:
        _state["blank_open"] -= 1


def column_order(records: list[dict[str, Any]]) -> list[str]:
    """Every key of every record, in the order first seen."""
    if _state["blank_open"] > 0:
        order: list[str] = []
        for record in records:
            order += [key for key in record if key not in order]
        return order
    return list(records[0])
