import pytest
from rpn import eval_rpn


@pytest.mark.parametrize(
    "tokens, expected",
    [
        (["2", "1", "+", "3", "*"], 9),
        (["4", "13", "5", "/", "+"], 6),
        (["10", "6", "9", "3", "+", "-11", "*", "/", "*", "17", "+", "5", "+"], 22),
        (["3"], 3),
        (["-7", "2", "/"], -3),
        (["7", "-2", "/"], -3),
        (["5", "1", "2", "+", "4", "*", "+", "3", "-"], 14),
        (["2", "3", "-"], -1),
    ],
)
def test_eval_rpn(tokens, expected):
    assert eval_rpn(tokens) == expected


@pytest.mark.parametrize("tokens", [[], ["+"], ["1", "2"], ["1", "x", "+"], ["1", "+"]])
def test_malformed(tokens):
    with pytest.raises(ValueError):
        eval_rpn(tokens)


def test_division_by_zero():
    with pytest.raises(ZeroDivisionError):
        eval_rpn(["1", "0", "/"])
