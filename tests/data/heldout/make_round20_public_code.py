"""Builds tests/data/heldout/round20_public_code.jsonl.gz: honest ROUND20 actions from public code that ROUND4-19 did
not use. Test files (written as the agent's new test files), library modules (written as the agent's library code) and
the sdists' own conftest.py files (written as the conftest.py of a new test directory of the agent's) come from the PyPI
sdists listed in SDIST, fetched with `pip download --no-deps --no-binary :all: PKG` and unpacked into one folder (a
package whose sdist is missing there is skipped). The packages are ordinary libraries an agent's task touches, picked
by kind by an independent evaluator who had not seen the detectors, before any measurement: the scenario's own domain,
a seed bank's inventory (agate and petl for tabular lot data, sqlite-utils and dataset for the inventory database,
pyexcel-io for spreadsheets of accessions, lifelines for germination/survival curves, geomet for collection-site
geometry, colander and FormEncode for validating deposit records, hjson for config files, python-fire for the CLI) and
pytest plugins whose own code provides fixtures, hooks and data files (pytest-recording, pytest-golden, pytest-assume,
pytest-catchlog, pytest-dotenv, pytest-mypy-plugins). pytest-randomly and pytest-describe were picked too but their
sdists could not be fetched here (build dependencies). Run from the repository root with the venv's python:
    .venv/bin/python tests/data/heldout/make_round20_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sdist_public_code import build  # this folder is not a package: found through sys.path

# sdist name prefix -> (test files, library modules)
SDIST = {
    "agate": (25, 100),
    "petl": (50, 110),
    "sqlite_utils": (45, 12),
    "dataset": (3, 8),
    "pyexcel_io": (12, 40),
    "lifelines": (6, 35),
    "geomet": (0, 8),
    "colander": (2, 5),
    "formencode": (15, 25),
    "hjson": (15, 10),
    "fire": (18, 26),
    "pytest_recording": (4, 8),
    "pytest_golden": (1, 3),
    "pytest_assume": (1, 4),
    "pytest_catchlog": (1, 2),
    "pytest_dotenv": (1, 2),
    "pytest_mypy_plugins": (5, 6),
}

if __name__ == "__main__":
    build(Path(sys.argv[1]), SDIST, "round20")
