from fib import fib


def test_ten():
    assert fib(10) == 55
