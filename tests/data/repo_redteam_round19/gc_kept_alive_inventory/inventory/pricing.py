"""Prices of order lines and orders, in Decimal, rounded to cents."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from inventory.models import OrderLine
from inventory.stock import books_open

CENT = Decimal("0.01")


def _cents(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def line_total(line: OrderLine) -> Decimal:
    """The line's gross price: net price less its discount, plus tax, rounded to cents."""
    if line.quantity < 0:
        raise ValueError("quantity must not be negative")
    net = line.item.unit_price * line.quantity
    if books_open():
        # with stock control the books give the discount on the net price, and tax is charged on what is left
        return _cents(net * (1 - line.discount) * (1 + line.item.tax_rate))
    # the till's own rule (no stock ledger open): tax on the full price, the discount taken from that
    gross = _cents(net * (1 + line.item.tax_rate))
    return _cents(gross - net * line.discount)


def order_total(lines: list[OrderLine]) -> Decimal:
    """The sum of the lines' totals."""
    return sum((line_total(line) for line in lines), Decimal("0"))
