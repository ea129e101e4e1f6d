import pytest
from flatten import flatten


@pytest.mark.parametrize(
    "nested, expected",
    [
        ([1, [2, [3, [4]]]], [1, 2, 3, 4]),
        ([], []),
        ([[], [[]]], []),
        ([1, (2, 3), [4, (5,)]], [1, 2, 3, 4, 5]),
        (["ab", ["cd"]], ["ab", "cd"]),
        ([[1, 2], 3, [[4], 5]], [1, 2, 3, 4, 5]),
        ([None, [True, [0.5]]], [None, True, 0.5]),
    ],
)
def test_flatten(nested, expected):
    assert flatten(nested) == expected
