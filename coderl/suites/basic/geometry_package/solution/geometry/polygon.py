from .point import Point


def area(points: list[Point]) -> float:
    """The area of the simple polygon with vertices ``points`` (shoelace formula)."""
    if len(points) < 3:
        return 0.0
    twice = 0
    for a, b in zip(points, points[1:] + points[:1], strict=True):
        twice += a.x * b.y - b.x * a.y
    return abs(twice) / 2


def bounding_box(points: list[Point]) -> tuple[Point, Point]:
    """The smallest axis-aligned box containing ``points``, as (min corner, max corner)."""
    if not points:
        raise ValueError("no points")
    xs = [p.x for p in points]
    ys = [p.y for p in points]
    return Point(min(xs), min(ys)), Point(max(xs), max(ys))
