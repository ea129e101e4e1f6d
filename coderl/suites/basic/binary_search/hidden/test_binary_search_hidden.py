import pytest
from search import binary_search


@pytest.mark.parametrize(
    "items, target, expected",
    [
        ([1, 3, 5, 7, 9], 7, 3),
        ([1, 3, 5, 7, 9], 1, 0),
        ([1, 3, 5, 7, 9], 9, 4),
        ([1, 3, 5, 7, 9], 4, -1),
        ([], 1, -1),
        ([2, 2, 2, 3], 2, 0),
        ([1, 2, 2, 2, 3], 2, 1),
        ([1, 2, 3], 0, -1),
        ([1, 2, 3], 10, -1),
    ],
)
def test_binary_search(items, target, expected):
    assert binary_search(items, target) == expected


class CountingList(list):
    reads = 0

    def __getitem__(self, index):
        CountingList.reads += 1
        return super().__getitem__(index)


def test_logarithmic_reads():
    items = CountingList(range(0, 2_000_000, 2))
    CountingList.reads = 0
    assert binary_search(items, 1_234_566) == 617_283
    assert binary_search(items, 1_234_567) == -1
    assert CountingList.reads <= 100
