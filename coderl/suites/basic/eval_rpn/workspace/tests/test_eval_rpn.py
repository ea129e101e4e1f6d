from rpn import eval_rpn


def test_simple():
    assert eval_rpn(["2", "1", "+", "3", "*"]) == 9
