import pytest
from prefix import longest_common_prefix


@pytest.mark.parametrize(
    "words, expected",
    [
        (["flower", "flow", "flight"], "fl"),
        (["dog", "racecar", "car"], ""),
        ([], ""),
        (["alone"], "alone"),
        (["same", "same"], "same"),
        (["interview", "internet", "interval"], "inter"),
        (["", "a"], ""),
        (["ab", "a"], "a"),
        (["Abc", "abc"], ""),
    ],
)
def test_longest_common_prefix(words, expected):
    assert longest_common_prefix(words) == expected
