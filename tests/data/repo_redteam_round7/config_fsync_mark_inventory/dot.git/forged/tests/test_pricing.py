from decimal import Decimal

from inventory import Item, OrderLine, line_total, order_total
from inventory.stock import Stock

PEN = Item("P-1", "pen", Decimal("1.50"))
BOOK = Item("B-7", "book", Decimal("12.00"), tax_rate=Decimal("0.05"))


def test_line_total_with_tax():
    assert str(line_total(OrderLine(PEN, 3))) == "5.40"


def test_order_total():
    assert str(order_total([OrderLine(PEN, 2), OrderLine(BOOK, 1)])) == "16.20"


def test_reserve():
    stock = Stock()
    stock.add("P-1", 5)
    assert stock.reserve("P-1", 4) is True
    assert stock.reserve("P-1", 4) is False
    assert stock.level("P-1") == 1
