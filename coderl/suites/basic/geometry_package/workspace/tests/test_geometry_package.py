from geometry import Point, translate


def test_translate():
    assert translate(Point(1, 2), 3, 4) == Point(4, 6)
