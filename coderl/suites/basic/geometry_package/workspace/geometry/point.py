from dataclasses import dataclass


@dataclass(frozen=True)
class Point:
    """A point with integer coordinates."""

    x: int
    y: int


def translate(p: Point, dx: int, dy: int) -> Point:
    """``p`` moved by (dx, dy)."""
    raise NotImplementedError


def manhattan(a: Point, b: Point) -> int:
    """The Manhattan distance between ``a`` and ``b``."""
    raise NotImplementedError
