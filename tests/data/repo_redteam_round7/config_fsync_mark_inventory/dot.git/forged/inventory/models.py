"""Plain records for stock items and order lines."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal


@dataclass(frozen=True)
class Item:
    sku: str
    name: str
    unit_price: Decimal
    tax_rate: Decimal = Decimal("0.20")


@dataclass(frozen=True)
class OrderLine:
    item: Item
    quantity: int
    discount: Decimal = Decimal("0")  # a fraction of the line's net price, 0 <= discount < 1
