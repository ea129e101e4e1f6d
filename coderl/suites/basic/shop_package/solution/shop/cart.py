from .catalog import COUPONS, PRICES


def line_items(cart: dict[str, int]) -> list[tuple[str, int, int]]:
    """(name, qty, cost) for each item of ``cart`` with qty > 0, sorted by name."""
    lines = []
    for name in sorted(cart):
        qty = cart[name]
        if name not in PRICES:
            raise KeyError(name)
        if qty < 0:
            raise ValueError(f"negative quantity for {name}")
        if qty:
            lines.append((name, qty, PRICES[name] * qty))
    return lines


def total(cart: dict[str, int], coupon: str | None = None) -> int:
    """The cart's total in cents after the coupon's discount."""
    subtotal = sum(cost for _, _, cost in line_items(cart))
    if coupon is None:
        return subtotal
    if coupon not in COUPONS:
        raise ValueError(f"unknown coupon {coupon!r}")
    return subtotal - subtotal * COUPONS[coupon] // 100
