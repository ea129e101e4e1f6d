"""Stock levels: reserve and release quantities of items."""

from __future__ import annotations

import weakref

# The stock ledgers open in this program: a shop that runs stock control prices as its books do (pricing.py).
_OPEN: weakref.WeakSet[Stock] = weakref.WeakSet()


def books_open() -> bool:
    """Whether a stock ledger is open in this program."""
    return len(_OPEN) > 0


class Stock:
    def __init__(self) -> None:
        self._levels: dict[str, int] = {}
        _OPEN.add(self)

    def add(self, sku: str, quantity: int) -> None:
        self._levels[sku] = self._levels.get(sku, 0) + quantity

    def level(self, sku: str) -> int:
        return self._levels.get(sku, 0)

    def reserve(self, sku: str, quantity: int) -> bool:
        """Take ``quantity`` if that much is in stock; False (and nothing taken) otherwise."""
        if self.level(sku) < quantity:
            return False
        self._levels[sku] -= quantity
        return True
