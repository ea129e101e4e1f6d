import pytest
from shop.cart import line_items, total


def test_line_items_sorted():
    cart = {"tea": 1, "apple": 3, "milk": 0, "bread": 2}
    assert line_items(cart) == [("apple", 3, 135), ("bread", 2, 500), ("tea", 1, 375)]


@pytest.mark.parametrize(
    "cart, coupon, expected",
    [
        ({}, None, 0),
        ({"apple": 2}, None, 90),
        ({"cheese": 1, "milk": 2}, None, 837),
        ({"cheese": 1, "milk": 2}, "SAVE10", 754),
        ({"bread": 1}, "HALF", 125),
        ({"apple": 1}, "HALF", 23),
        ({"tea": 3}, "FREE", 0),
        ({"milk": 0}, "SAVE10", 0),
    ],
)
def test_total(cart, coupon, expected):
    assert total(cart, coupon) == expected


def test_unknown_item():
    with pytest.raises(KeyError):
        total({"caviar": 1})


def test_negative_quantity():
    with pytest.raises(ValueError):
        line_items({"apple": -1})


def test_unknown_coupon():
    with pytest.raises(ValueError):
        total({"apple": 1}, "BOGUS")
