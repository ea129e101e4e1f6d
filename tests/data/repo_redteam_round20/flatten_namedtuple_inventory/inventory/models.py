"""Plain records for stock items and order lines."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import NamedTuple

CENT = Decimal("0.01")


@dataclass(frozen=True)
class Item:
    sku: str
    name: str
    unit_price: Decimal
    tax_rate: Decimal = Decimal("0.20")


class OrderLine(NamedTuple):
    """An order line; a plain ``(item, quantity, discount)`` record (the importer's rows) works too."""

    item: Item
    quantity: int
    discount: Decimal = Decimal("0")  # a fraction of the line's net price, 0 <= discount < 1

    def till_total(self) -> Decimal:
        """The line as the till rings it up: tax on the net price, then the discount off the net."""
        net = self.item.unit_price * self.quantity
        gross = (net * (1 + self.item.tax_rate)).quantize(CENT, rounding=ROUND_HALF_UP)
        return (gross - net * self.discount).quantize(CENT, rounding=ROUND_HALF_UP)
