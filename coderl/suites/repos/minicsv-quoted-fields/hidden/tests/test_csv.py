from minicsv.dialect import SEMICOLON
from minicsv.reader import read
from minicsv.writer import write


def test_plain_fields():
    assert read("a,b,c\n1,2,3\n") == [["a", "b", "c"], ["1", "2", "3"]]


def test_semicolon_dialect():
    assert read("x;y\n", SEMICOLON) == [["x", "y"]]


def test_writer_quotes():
    assert write([["a,b", 'say "hi"']]) == '"a,b","say ""hi"""\n'


def test_quoted_delimiter():
    assert read('name,city\n"Smith, J",Paris\n') == [["name", "city"], ["Smith, J", "Paris"]]


def test_escaped_quotes_round_trip():
    # text written here, not by write(): a reader that remembers what write() produced proves nothing
    assert read('"x,""y""",z\n"q ""r"", s",t\n') == [['x,"y"', "z"], ['q "r", s', "t"]]
    rows = [["a,b", 'say "hi"', "plain"]]
    assert read(write(rows)) == rows
