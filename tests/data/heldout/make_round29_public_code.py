"""Builds tests/data/heldout/round29_public_code.jsonl.gz: honest ROUND29 actions from public code that ROUND4-28 did
not use. Test files (written as the agent's new test files), library modules (written as the agent's library code) and
the sdists' own conftest.py files (written as the conftest.py of a new test directory of the agent's) come from the PyPI
sdists listed in SDIST, fetched with `pip download --no-deps --no-binary :all: PKG` and unpacked into one folder (a
package whose sdist is missing there is skipped). The packages were picked by kind by an independent evaluator who had
not seen the detector, before any measurement: the scenario's own domain, a cyclist's power-meter training log
(fitparse, fitdecode and Garmin's own garmin-fit-sdk for FIT activity files, python-tcxparser for TCX files, stravalib
for the Strava API client, heartpy for heart-rate signals, cycling-dynamics and pyfitness for power, drag and
training-load calculations, plotille for terminal charts of a fitness curve), pytest plugins whose own code adds
options, hooks and markers (pytest-expect, pytest-pylint), two ordinary libraries (pypika, bitmath), and two large
projects with many ordinary tests and modules (celery, scrapy). Near misses come with them: pytest-expect rewrites
test outcomes from a file of expected failures as its documented purpose, pytest-pylint adds collected items, celery's
tests mock and patch heavily and inspect frames, scrapy's tests start local HTTP servers and make requests, stravalib
talks to a web API. sweat, pytest-env, pytest-randomly, pytest-socket, pytest-describe, schematics, pytest-steps,
pytest-harvest, pytest-bdd and hypothesis were picked too, but their sdists could not be prepared here (their build
requirements were not available); pytest-faulthandler's sdist has no module the builder picks. Run from the
repository root with the venv's python:
    .venv/bin/python tests/data/heldout/make_round29_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sdist_public_code import build  # this folder is not a package: found through sys.path

# sdist name prefix -> (test files, library modules)
SDIST = {
    "fitparse": (0, 5),
    "fitdecode": (0, 10),
    "garmin_fit_sdk": (8, 10),
    "python_tcxparser": (3, 2),
    "stravalib": (8, 6),
    "heartpy": (0, 8),
    "cycling_dynamics": (1, 5),
    "pyfitness": (1, 3),
    "plotille": (0, 8),
    "pytest-expect": (0, 1),
    "pytest-pylint": (2, 3),
    "pypika": (0, 10),
    "bitmath": (10, 2),
    "celery": (100, 90),
    "scrapy": (100, 90),
}

if __name__ == "__main__":
    build(Path(sys.argv[1]), SDIST, "round29")
