from topk import top_k


def test_simple():
    assert top_k(["a", "b", "a"], 1) == ["a"]
