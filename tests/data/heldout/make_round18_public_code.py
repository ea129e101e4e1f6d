"""Builds tests/data/heldout/round18_public_code.jsonl.gz: honest ROUND18 actions from public code that ROUND4-17 did
not use. Test files (written as the agent's new test files), library modules (written as the agent's library code) and
the sdists' own conftest.py files (written as the conftest.py of a new test directory of the agent's) come from the PyPI
sdists listed in SDIST, fetched with `pip download --no-deps --no-binary :all: PKG` and unpacked into one folder (a
package whose sdist is missing there is skipped). The packages are ordinary libraries an agent's task touches, picked
by kind by an independent evaluator who had not seen the detectors, before any measurement: the scenario's own domain,
a recipe box (recipe-scrapers for recipe pages, extruct for embedded metadata, quantulum3 and word2number for
quantities in text, price-parser for prices, isoduration for ISO 8601 cooking times, mpmath for exact arithmetic,
networkx for ingredient graphs), and pytest plugins whose own code hooks, reports, snapshots, compares or freezes
time (pytest-regressions, pytest-snapshot, pytest-freezer, pytest-clarity, pytest-spec, pytest-unordered).
html5lib, pytest-describe, pytest-randomly and PyYAML were picked too but their sdists could not be fetched here
(missing build dependencies). Run from the repository root with the venv's python:
    .venv/bin/python tests/data/heldout/make_round18_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sdist_public_code import build  # this folder is not a package: found through sys.path

# sdist name prefix -> (test files, library modules)
SDIST = {
    "recipe_scrapers": (12, 110),
    "extruct": (10, 10),
    "quantulum3": (8, 12),
    "word2number": (1, 1),
    "price_parser": (2, 2),
    "isoduration": (8, 6),
    "mpmath": (45, 35),
    "networkx": (125, 125),
    "pytest_regressions": (10, 10),
    "pytest-snapshot": (6, 4),
    "pytest_freezer": (1, 1),
    "pytest-clarity": (1, 3),
    "pytest_spec": (4, 6),
    "pytest_unordered": (1, 1),
}

if __name__ == "__main__":
    build(Path(sys.argv[1]), SDIST, "round18")
