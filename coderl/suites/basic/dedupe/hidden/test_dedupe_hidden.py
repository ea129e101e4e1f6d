import pytest
from dedupe import dedupe


@pytest.mark.parametrize(
    "items, expected",
    [
        ([1, 2, 1, 3, 2], [1, 2, 3]),
        ([], []),
        (["b", "a", "b"], ["b", "a"]),
        ([1, 1, 1], [1]),
        ([3, 2, 1], [3, 2, 1]),
        ([(1, 2), (1, 2), (2, 1)], [(1, 2), (2, 1)]),
    ],
)
def test_dedupe(items, expected):
    assert dedupe(items) == expected


def test_input_unchanged():
    items = [1, 1, 2]
    result = dedupe(items)
    assert items == [1, 1, 2]
    assert result == [1, 2]
    assert result is not items
