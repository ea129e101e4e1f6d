# ruff: noqa: F403, F405, I001  (names come from the star imports, whose order is the point)
from pathlib import Path

from sol import *
from math import *  # after the solution's: as in Python, math's names win


def test_area_again():
    assert isclose(area(3), 9 * pi)


def test_golden_file(tmp_path):
    out = tmp_path / "golden.txt"
    save(out, "hello golden\n")
    assert out.read_text() == (Path(__file__).parent / "expected.txt").read_text()
