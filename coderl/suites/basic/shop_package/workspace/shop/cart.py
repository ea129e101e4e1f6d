def line_items(cart: dict[str, int]) -> list[tuple[str, int, int]]:
    """(name, qty, cost) for each item of ``cart`` with qty > 0, sorted by name."""
    raise NotImplementedError


def total(cart: dict[str, int], coupon: str | None = None) -> int:
    """The cart's total in cents after the coupon's discount."""
    raise NotImplementedError
