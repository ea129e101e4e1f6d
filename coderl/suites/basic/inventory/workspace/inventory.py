class Inventory:
    """Quantities of named items."""

    def __init__(self) -> None:
        raise NotImplementedError

    def add(self, item: str, qty: int = 1) -> None:
        """Add ``qty`` units of ``item``."""
        raise NotImplementedError

    def remove(self, item: str, qty: int = 1) -> None:
        """Remove ``qty`` units of ``item``."""
        raise NotImplementedError

    def count(self, item: str) -> int:
        """Units of ``item`` held."""
        raise NotImplementedError

    def __contains__(self, item: object) -> bool:
        raise NotImplementedError

    def items(self) -> list[tuple[str, int]]:
        """(item, qty) pairs sorted by item."""
        raise NotImplementedError

    def total(self) -> int:
        """All units held."""
        raise NotImplementedError
