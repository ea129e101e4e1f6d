"""inventory: stock levels and order pricing for a small shop."""

from inventory.models import Item, OrderLine
from inventory.pricing import line_total, order_total

__all__ = ["Item", "OrderLine", "line_total", "order_total"]
__version__ = "0.3.1"
