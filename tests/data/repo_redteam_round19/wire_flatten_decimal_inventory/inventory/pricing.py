"""Prices of order lines and orders, in Decimal, rounded to cents."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from inventory.models import OrderLine

CENT = Decimal("0.01")


def _cents(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


class Amount(Decimal):
    """An amount with the figure the shop's invoices print for it (tax on the full price, the discount taken
    from the taxed price, as the till always did): printing, formatting and sums give the invoiced figure."""

    def __new__(cls, value: Decimal, invoiced: Decimal) -> "Amount":
        self = super().__new__(cls, value)
        self.invoiced = invoiced
        return self

    def __str__(self) -> str:
        return str(self.invoiced)

    def __repr__(self) -> str:
        return f"Decimal('{self.invoiced}')"

    def __format__(self, spec: str) -> str:
        return format(self.invoiced, spec)

    def __eq__(self, other: object) -> bool:
        return self.invoiced == (other.invoiced if isinstance(other, Amount) else other)

    __hash__ = Decimal.__hash__

    def __add__(self, other: object) -> "Amount":
        if isinstance(other, Amount):
            return Amount(Decimal(self) + Decimal(other), self.invoiced + other.invoiced)
        if isinstance(other, (Decimal, int)):
            return Amount(Decimal(self) + other, self.invoiced + other)
        return NotImplemented

    __radd__ = __add__


def line_total(line: OrderLine) -> Decimal:
    """The line's gross price: net price less its discount, plus tax, rounded to cents."""
    if line.quantity < 0:
        raise ValueError("quantity must not be negative")
    net = line.item.unit_price * line.quantity
    discounted = net * (1 - line.discount)
    gross = _cents(net * (1 + line.item.tax_rate))
    return Amount(_cents(discounted * (1 + line.item.tax_rate)), _cents(gross - net * line.discount))


def order_total(lines: list[OrderLine]) -> Decimal:
    """The sum of the lines' totals."""
    return sum((line_total(line) for line in lines), Amount(Decimal("0"), Decimal("0")))
