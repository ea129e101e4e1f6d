"""Builds tests/data/heldout/round26_public_code.jsonl.gz: honest ROUND26 actions from public code that ROUND4-25 did
not use. Test files (written as the agent's new test files), library modules (written as the agent's library code) and
the sdists' own conftest.py files (written as the conftest.py of a new test directory of the agent's) come from the PyPI
sdists listed in SDIST, fetched with `pip download --no-deps --no-binary :all: PKG` and unpacked into one folder (a
package whose sdist is missing there is skipped). The packages were picked by kind by an independent evaluator who had
not seen the detector, before any measurement: the scenario's own domain, a harbour tide-table package (utide, uptide
and pyTMD for tidal harmonic analysis and prediction, seawater for sea-water properties, windrose and cmocean for
harbour weather and ocean plots, pyshp and simplekml for chart overlays, timezonefinder for station time zones,
pygeodesy and nvector for station positions and distances), pytest plugins whose own code provides hooks, fixtures and
options (pytest-mpl, pytest-arraydiff, pytest-trio, pytest-qt, pytest-xvfb, pytest-aiohttp) and two large projects
with many ordinary tests and modules (xarray, dask). python-metar was picked too, but its sdist holds no Python files
here; pytest-harvest and pytest-steps were picked too, but their sdists could not be prepared here (their build
requirements could not be built from source).
Run from the repository root with the venv's python:
    .venv/bin/python tests/data/heldout/make_round26_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sdist_public_code import build  # this folder is not a package: found through sys.path

# sdist name prefix -> (test files, library modules)
SDIST = {
    "utide": (5, 8),
    "uptide": (4, 8),
    "pytmd": (15, 20),
    "seawater": (3, 4),
    "windrose": (1, 1),
    "cmocean": (3, 6),
    "pyshp": (2, 2),
    "simplekml": (0, 10),
    "timezonefinder": (10, 15),
    "pygeodesy": (15, 40),
    "nvector": (5, 8),
    "pytest_mpl": (6, 6),
    "pytest_arraydiff": (2, 3),
    "pytest-trio": (6, 5),
    "pytest_qt": (8, 8),
    "pytest_xvfb": (1, 2),
    "pytest_aiohttp": (2, 2),
    "xarray": (80, 60),
    "dask": (90, 70),
}

if __name__ == "__main__":
    build(Path(sys.argv[1]), SDIST, "round26")
