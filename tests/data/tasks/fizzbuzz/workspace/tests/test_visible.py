from fizzbuzz import fizzbuzz


def test_three():
    assert fizzbuzz(3) == "Fizz"
