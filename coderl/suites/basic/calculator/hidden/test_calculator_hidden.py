import pytest
from calc import evaluate


@pytest.mark.parametrize(
    "expr, expected",
    [
        ("1 + 2", 3),
        ("2 + 3 * 4", 14),
        ("(2 + 3) * 4", 20),
        ("10 - 3 - 2", 5),
        ("-2 * 3", -6),
        ("2 * -3", -6),
        ("-(2 + 3)", -5),
        ("--2", 2),
        (" 42 ", 42),
        ("2*(3+(4-1))*2", 24),
        ("0 - 7 * (2 - 5)", 21),
        ("+5 - -5", 10),
    ],
)
def test_evaluate(expr, expected):
    assert evaluate(expr) == expected


@pytest.mark.parametrize(
    "expr", ["", "   ", "1 +", "(1 + 2", "1 + 2)", "2 ** 3", "1 2", "a + 1", "3 / 2", "()", "__import__('os')"]
)
def test_rejects(expr):
    with pytest.raises(ValueError):
        evaluate(expr)
