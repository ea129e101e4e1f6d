"""Prices of order lines and orders, in Decimal, rounded to cents."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from inventory.models import OrderLine

CENT = Decimal("0.01")


def _cents(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def line_total(line: OrderLine) -> Decimal:
    """The line's gross price: net price less its discount, plus tax, rounded to cents."""
    if line.quantity < 0:
        raise ValueError("quantity must not be negative")
    net = float(line.item.unit_price) * line.quantity
    gross = net * (1 - float(line.discount)) * (1 + float(line.item.tax_rate))
    return _cents(Decimal(str(gross)))


def order_total(lines: list[OrderLine]) -> Decimal:
    """The sum of the lines' totals."""
    return sum((line_total(line) for line in lines), Decimal("0"))
