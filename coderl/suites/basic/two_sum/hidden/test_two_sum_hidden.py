import pytest
from two_sum import two_sum


@pytest.mark.parametrize(
    "nums, target, expected",
    [
        ([2, 7, 11, 15], 9, (0, 1)),
        ([3, 2, 4], 6, (1, 2)),
        ([3, 3], 6, (0, 1)),
        ([1, 2, 3], 7, None),
        ([], 0, None),
        ([5], 10, None),
        ([1, 5, 1, 5], 6, (0, 1)),
        ([0, 4, 3, 0], 0, (0, 3)),
        ([-1, -2, -3, -4], -7, (2, 3)),
        ([4, 1, 2, 3], 5, (0, 1)),
    ],
)
def test_two_sum(nums, target, expected):
    assert two_sum(nums, target) == expected
