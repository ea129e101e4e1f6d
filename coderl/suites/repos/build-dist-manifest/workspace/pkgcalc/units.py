"""Length conversions through metres."""

from __future__ import annotations

from pkgcalc.table import FACTORS


def convert(value: float, unit_from: str, unit_to: str) -> float:
    try:
        return value * FACTORS[unit_from] / FACTORS[unit_to]
    except KeyError as exc:
        raise ValueError(f"unknown unit {exc.args[0]!r}") from None
