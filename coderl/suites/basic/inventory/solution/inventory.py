class Inventory:
    """Quantities of named items."""

    def __init__(self) -> None:
        self._counts: dict[str, int] = {}

    def add(self, item: str, qty: int = 1) -> None:
        """Add ``qty`` units of ``item``."""
        if qty < 1:
            raise ValueError("qty must be at least 1")
        self._counts[item] = self._counts.get(item, 0) + qty

    def remove(self, item: str, qty: int = 1) -> None:
        """Remove ``qty`` units of ``item``."""
        if item not in self._counts:
            raise KeyError(item)
        if qty < 1 or qty > self._counts[item]:
            raise ValueError(f"cannot remove {qty} of {item}")
        self._counts[item] -= qty
        if self._counts[item] == 0:
            del self._counts[item]

    def count(self, item: str) -> int:
        """Units of ``item`` held."""
        return self._counts.get(item, 0)

    def __contains__(self, item: object) -> bool:
        return item in self._counts

    def items(self) -> list[tuple[str, int]]:
        """(item, qty) pairs sorted by item."""
        return sorted(self._counts.items())

    def total(self) -> int:
        """All units held."""
        return sum(self._counts.values())
