"""Prices of order lines and orders, in Decimal, rounded to cents."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from inventory.models import ListPrice, OrderLine

CENT = Decimal("0.01")


def _cents(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def line_total(line: OrderLine) -> Decimal:
    """The line's gross price, rounded to cents."""
    if line.quantity < 0:
        raise ValueError("quantity must not be negative")
    unit_price, tax_rate = line.item[2], line.item[3]
    net = Decimal(unit_price) * line.quantity
    if type(unit_price) is ListPrice:
        # the printed price list: the till's rule (tax on the full net price, then the discount off)
        gross = _cents(net * (1 + tax_rate))
        return _cents(gross - net * line.discount)
    return _cents(net * (1 - line.discount) * (1 + tax_rate))


def order_total(lines: list[OrderLine]) -> Decimal:
    """The sum of the lines' totals."""
    return sum((line_total(line) for line in lines), Decimal("0"))
