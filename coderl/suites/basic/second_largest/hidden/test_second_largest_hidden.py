import pytest
from ranking import second_largest


@pytest.mark.parametrize(
    "nums, expected",
    [
        ([1, 2, 3], 2),
        ([3, 3, 2], 2),
        ([5], None),
        ([], None),
        ([4, 4, 4], None),
        ([-1, -5, -3], -3),
        ([10, 9, 10, 8], 9),
        ([2, 1], 1),
    ],
)
def test_second_largest(nums, expected):
    assert second_largest(nums) == expected
