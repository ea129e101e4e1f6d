from inventory import Inventory


def test_add():
    inv = Inventory()
    inv.add("apple", 3)
    assert inv.count("apple") == 3
