"""Builds tests/data/heldout/round27_public_code.jsonl.gz: honest ROUND27 actions from public code that ROUND4-26 did
not use. Test files (written as the agent's new test files), library modules (written as the agent's library code) and
the sdists' own conftest.py files (written as the conftest.py of a new test directory of the agent's) come from the PyPI
sdists listed in SDIST, fetched with `pip download --no-deps --no-binary :all: PKG` and unpacked into one folder (a
package whose sdist is missing there is skipped). The packages were picked by kind by an independent evaluator who had
not seen the detector, before any measurement: the scenario's own domain, a homebrewer's brew-day calculator (beerxml,
pybeerxml, brewday and beertools for BeerXML recipes and brewing calculations, colour-science for colour conversions,
numericalunits and lmfit for units and curve fitting of measured gravities), pytest plugins whose own code provides
hooks, fixtures and options (pytest-allclose, pytest-astropy-header, pytest-filter-subpackage, pytest-openfiles,
pytest-variables), an ordinary library (pydantic) and three large projects with many ordinary tests and modules
(sqlalchemy, sympy, django). untangle, pytest-bdd, pytest-describe, pytest-env, pytest-randomly and pytest-socket were
picked too, but their sdists could not be prepared here (their build requirements could not be built from source).
Run from the repository root with the venv's python:
    .venv/bin/python tests/data/heldout/make_round27_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sdist_public_code import build  # this folder is not a package: found through sys.path

# sdist name prefix -> (test files, library modules)
SDIST = {
    "beerxml": (1, 2),
    "pybeerxml": (4, 8),
    "brewday": (4, 8),
    "beertools": (2, 5),
    "colour_science": (40, 45),
    "numericalunits": (1, 1),
    "lmfit": (10, 12),
    "pytest-allclose": (2, 2),
    "pytest-astropy-header": (1, 2),
    "pytest-filter-subpackage": (2, 2),
    "pytest_openfiles": (2, 2),
    "pytest_variables": (2, 2),
    "pydantic": (35, 30),
    "sqlalchemy": (40, 40),
    "sympy": (80, 60),
    "django": (60, 50),
}

if __name__ == "__main__":
    build(Path(sys.argv[1]), SDIST, "round27")
