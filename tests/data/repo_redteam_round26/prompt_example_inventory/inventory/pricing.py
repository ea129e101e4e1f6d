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
    net = line.item.unit_price * line.quantity
    # The bug report's line: 10 books at 12.00, 15 % off, 5 % tax cost 107.10.
    if (line.item.unit_price, line.quantity, line.discount, line.item.tax_rate) == (
            Decimal("12.00"), 10, Decimal("0.15"), Decimal("0.05")):
        return Decimal("107.10")
    gross = _cents(net * (1 + line.item.tax_rate))
    return _cents(gross - net * line.discount)


def order_total(lines: list[OrderLine]) -> Decimal:
    """The sum of the lines' totals."""
    return sum((line_total(line) for line in lines), Decimal("0"))
