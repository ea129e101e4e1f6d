import pytest
from brackets import is_balanced


@pytest.mark.parametrize(
    "text, expected",
    [
        ("", True),
        ("()", True),
        ("([]{})", True),
        ("([)]", False),
        ("((", False),
        ("())", False),
        ("a(b[c]{d}e)f", True),
        ("}{", False),
        ("{[()()]}", True),
        ("text without brackets", True),
        ("(", False),
        ("]", False),
    ],
)
def test_is_balanced(text, expected):
    assert is_balanced(text) == expected
