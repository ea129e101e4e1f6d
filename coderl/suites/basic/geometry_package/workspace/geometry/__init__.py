"""Points and polygons with integer coordinates."""

from .point import Point, manhattan, translate
from .polygon import area, bounding_box

__all__ = ["Point", "area", "bounding_box", "manhattan", "translate"]
