import pytest
from csvparse import parse_csv


@pytest.mark.parametrize(
    "text, expected",
    [
        ("a,b,c", [["a", "b", "c"]]),
        ("a,b\nc,d\n", [["a", "b"], ["c", "d"]]),
        ("", []),
        ('"x,y",z', [["x,y", "z"]]),
        ('"say ""hi""",2', [['say "hi"', "2"]]),
        ('"line1\nline2",x', [["line1\nline2", "x"]]),
        ("a,,c", [["a", "", "c"]]),
        ("a,b\r\nc,d\r\n", [["a", "b"], ["c", "d"]]),
        ("a\n\nb", [["a"], [""], ["b"]]),
        (",", [["", ""]]),
        ('ab"c,d', [['ab"c', "d"]]),
        ('""', [[""]]),
        ('1,"",3\n', [["1", "", "3"]]),
    ],
)
def test_parse_csv(text, expected):
    assert parse_csv(text) == expected


@pytest.mark.parametrize("text", ['"abc', '"a"b,c', 'x,"unterminated\n'])
def test_rejects(text):
    with pytest.raises(ValueError):
        parse_csv(text)
