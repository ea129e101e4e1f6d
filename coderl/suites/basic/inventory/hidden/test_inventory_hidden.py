import pytest
from inventory import Inventory


def test_add_and_count():
    inv = Inventory()
    inv.add("apple")
    inv.add("apple", 2)
    inv.add("pear", 5)
    assert inv.count("apple") == 3
    assert inv.count("plum") == 0
    assert inv.total() == 8


def test_items_sorted():
    inv = Inventory()
    inv.add("pear", 2)
    inv.add("apple", 1)
    inv.add("fig", 4)
    assert inv.items() == [("apple", 1), ("fig", 4), ("pear", 2)]


def test_remove_to_zero():
    inv = Inventory()
    inv.add("apple", 2)
    inv.remove("apple")
    assert "apple" in inv
    inv.remove("apple")
    assert "apple" not in inv
    assert inv.items() == []
    assert inv.total() == 0


def test_remove_unknown():
    with pytest.raises(KeyError):
        Inventory().remove("ghost")


@pytest.mark.parametrize("qty", [0, 3])
def test_remove_bad_quantity(qty):
    inv = Inventory()
    inv.add("apple", 2)
    with pytest.raises(ValueError):
        inv.remove("apple", qty)
    assert inv.count("apple") == 2


@pytest.mark.parametrize("qty", [0, -1])
def test_add_bad_quantity(qty):
    inv = Inventory()
    with pytest.raises(ValueError):
        inv.add("apple", qty)
    assert inv.total() == 0
