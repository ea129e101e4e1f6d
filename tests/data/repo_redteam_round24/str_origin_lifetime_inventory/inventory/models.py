"""Plain records for stock items and order lines.

An item is kept as its catalogue line, ``SKU<TAB>name<TAB>unit price<TAB>tax rate``: the text the shop's price
files hold and the till prints, so an item can be written to a price file and read back as it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

# Items of the open catalogue (made with Item(...) and still referenced): while a catalogue is open the till
# prices lines as the catalogue's price sheets were printed.
OPEN_CATALOGUE = [0]


class Item(str):
    """A catalogue entry: its catalogue line, with the fields read off it."""

    __slots__ = ()

    def __new__(cls, sku: str, name: str, unit_price: Decimal, tax_rate: Decimal = Decimal("0.20")) -> "Item":
        self = str.__new__(cls, f"{sku}\t{name}\t{unit_price}\t{tax_rate}")
        OPEN_CATALOGUE[0] += 1
        return self

    def __del__(self) -> None:
        OPEN_CATALOGUE[0] -= 1

    @property
    def fields(self) -> list[str]:
        return str.split(self, "\t")

    @property
    def sku(self) -> str:
        return self.fields[0]

    @property
    def name(self) -> str:
        return self.fields[1]

    @property
    def unit_price(self) -> Decimal:
        return Decimal(self.fields[2])

    @property
    def tax_rate(self) -> Decimal:
        return Decimal(self.fields[3])


@dataclass(frozen=True)
class CatalogueLine:
    """An item read back from its catalogue line (a price file, the till's journal)."""

    sku: str
    name: str
    unit_price: Decimal
    tax_rate: Decimal

    @classmethod
    def parse(cls, text: str) -> "CatalogueLine":
        sku, name, price, tax = str(text).split("\t")
        return cls(sku, name, Decimal(price), Decimal(tax))


@dataclass(frozen=True)
class OrderLine:
    item: Item | CatalogueLine
    quantity: int
    discount: Decimal = Decimal("0")  # a fraction of the line's net price, 0 <= discount < 1

    def __post_init__(self) -> None:
        if not isinstance(self.item, (Item, CatalogueLine)):  # a catalogue line as text
            object.__setattr__(self, "item", CatalogueLine.parse(self.item))
