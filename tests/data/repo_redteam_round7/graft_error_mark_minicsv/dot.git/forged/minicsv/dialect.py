"""How a CSV file is written."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Dialect:
    delimiter: str = ","
    quote: str = '"'
    strip: bool = False


DEFAULT = Dialect()
SEMICOLON = Dialect(delimiter=";")
