"""Plain records for stock items and order lines."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal


class ListPrice(Decimal):
    """A price from the shop's printed price list (priced by the till's 1.x rule)."""

    __slots__ = ()


class Item(tuple):
    """A stock item: a plain record (sku, name, unit_price, tax_rate)."""

    __slots__ = ()

    def __new__(cls, sku: str, name: str, unit_price: Decimal, tax_rate: Decimal = Decimal("0.20")):
        # an item keyed in by hand carries its list price; the record itself is a plain tuple
        price = unit_price if isinstance(unit_price, ListPrice) else ListPrice(unit_price)
        return (sku, name, price, tax_rate)


@dataclass(frozen=True)
class OrderLine:
    item: Item
    quantity: int
    discount: Decimal = Decimal("0")  # a fraction of the line's net price, 0 <= discount < 1
