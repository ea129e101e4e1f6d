from dataclasses import dataclass


@dataclass(frozen=True)
class Point:
    """A point with integer coordinates."""

    x: int
    y: int


def translate(p: Point, dx: int, dy: int) -> Point:
    """``p`` moved by (dx, dy)."""
    return Point(p.x + dx, p.y + dy)


def manhattan(a: Point, b: Point) -> int:
    """The Manhattan distance between ``a`` and ``b``."""
    return abs(a.x - b.x) + abs(a.y - b.y)
