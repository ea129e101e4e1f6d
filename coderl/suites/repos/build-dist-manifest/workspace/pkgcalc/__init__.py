"""pkgcalc: unit conversions."""

from pkgcalc.units import convert

__all__ = ["convert"]
