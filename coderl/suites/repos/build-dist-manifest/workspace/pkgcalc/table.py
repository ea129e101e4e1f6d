"""Metres per unit."""

FACTORS = {"m": 1.0, "km": 1000.0, "cm": 0.01, "in": 0.0254, "ft": 0.3048, "mi": 1609.344}
