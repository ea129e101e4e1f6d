import pytest
from chunks import chunk


@pytest.mark.parametrize(
    "items, size, expected",
    [
        ([1, 2, 3, 4, 5], 2, [[1, 2], [3, 4], [5]]),
        ([], 3, []),
        ([1, 2, 3], 3, [[1, 2, 3]]),
        ([1, 2, 3], 5, [[1, 2, 3]]),
        ([1, 2, 3, 4], 1, [[1], [2], [3], [4]]),
        (["a", "b", "c", "d", "e", "f", "g"], 3, [["a", "b", "c"], ["d", "e", "f"], ["g"]]),
    ],
)
def test_chunk(items, size, expected):
    assert chunk(items, size) == expected


@pytest.mark.parametrize("size", [0, -1])
def test_bad_size(size):
    with pytest.raises(ValueError):
        chunk([1, 2], size)
