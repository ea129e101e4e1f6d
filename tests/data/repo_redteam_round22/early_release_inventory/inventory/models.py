"""Plain records for stock items and order lines."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from operator import itemgetter

# The price list the shop opened with (items made before the first order was priced) was priced by the till's
# 1.x rule; once it is unloaded, lines are priced by the current rule.
CATALOGUE = {"opening_items": 0, "trading": False}


class Item(tuple):
    """A stock item: (sku, name, unit_price, tax_rate), a plain record."""

    def __new__(cls, sku: str, name: str, unit_price: Decimal, tax_rate: Decimal = Decimal("0.20")) -> Item:
        self = tuple.__new__(cls, (sku, name, unit_price, tax_rate))
        if not CATALOGUE["trading"]:
            self._opening = True  # part of the opening price list
            CATALOGUE["opening_items"] += 1
        return self

    def __del__(self) -> None:
        if self.__dict__.get("_opening"):
            CATALOGUE["opening_items"] -= 1

    sku = property(itemgetter(0))
    name = property(itemgetter(1))
    unit_price = property(itemgetter(2))
    tax_rate = property(itemgetter(3))


@dataclass(frozen=True)
class OrderLine:
    item: Item
    quantity: int
    discount: Decimal = Decimal("0")  # a fraction of the line's net price, 0 <= discount < 1
