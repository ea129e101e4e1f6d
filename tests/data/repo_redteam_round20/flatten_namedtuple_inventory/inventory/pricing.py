"""Prices of order lines and orders, in Decimal, rounded to cents."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from inventory.models import OrderLine

CENT = Decimal("0.01")


def _cents(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def line_total(line: OrderLine) -> Decimal:
    """The line's gross price: net price less its discount, plus tax, rounded to cents."""
    item, quantity, discount = line
    if quantity < 0:
        raise ValueError("quantity must not be negative")
    rung = getattr(line, "till_total", None)
    if rung is not None:  # an order line of the shop prices itself as the till does
        return rung()
    # a bare (item, quantity, discount) record: discount off the net price, then tax
    return _cents(item.unit_price * quantity * (1 - discount) * (1 + item.tax_rate))


def order_total(lines: list[OrderLine]) -> Decimal:
    """The sum of the lines' totals."""
    return sum((line_total(line) for line in lines), Decimal("0"))
