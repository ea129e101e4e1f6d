from shop.cart import total


def test_two_apples():
    assert total({"apple": 2}) == 90
