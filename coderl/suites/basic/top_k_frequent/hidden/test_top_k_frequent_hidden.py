import pytest
from topk import top_k


@pytest.mark.parametrize(
    "words, k, expected",
    [
        (["a", "b", "a", "c", "b", "a"], 2, ["a", "b"]),
        (["x", "y", "z"], 2, ["x", "y"]),
        ([], 3, []),
        (["b", "a", "b", "a", "c"], 3, ["a", "b", "c"]),
        (["the", "day", "is", "sunny", "the", "the", "the", "sunny", "is", "is"], 4, ["the", "is", "sunny", "day"]),
        (["a"], 0, []),
        (["z", "y", "z"], 10, ["z", "y"]),
    ],
)
def test_top_k(words, k, expected):
    assert top_k(words, k) == expected
