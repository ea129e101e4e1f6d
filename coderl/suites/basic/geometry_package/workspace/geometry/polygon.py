from .point import Point


def area(points: list[Point]) -> float:
    """The area of the simple polygon with vertices ``points`` (shoelace formula)."""
    raise NotImplementedError


def bounding_box(points: list[Point]) -> tuple[Point, Point]:
    """The smallest axis-aligned box containing ``points``, as (min corner, max corner)."""
    raise NotImplementedError
