import pytest
from edit import edit_distance


@pytest.mark.parametrize(
    "a, b, expected",
    [
        ("", "", 0),
        ("abc", "", 3),
        ("", "abc", 3),
        ("kitten", "sitting", 3),
        ("flaw", "lawn", 2),
        ("same", "same", 0),
        ("intention", "execution", 5),
        ("a", "b", 1),
        ("abcdef", "azced", 3),
        ("Sunday", "Saturday", 3),
    ],
)
def test_edit_distance(a, b, expected):
    assert edit_distance(a, b) == expected


def test_symmetric_and_long():
    a = "ab" * 200
    b = "ba" * 200
    assert edit_distance(a, b) == 2
    assert edit_distance(b, a) == 2
    assert edit_distance("x" * 300, "y" * 300) == 300
