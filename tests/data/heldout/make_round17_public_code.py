"""Builds tests/data/heldout/round17_public_code.jsonl.gz: honest ROUND17 actions from public code that ROUND4-16 did
not use. Test files (written as the agent's new test files), library modules (written as the agent's library code) and
the sdists' own conftest.py files (written as the conftest.py of a new test directory of the agent's) come from the PyPI
sdists listed in SDIST, fetched with `pip download --no-deps --no-binary :all: PKG` and unpacked into one folder (a
package whose sdist is missing there is skipped). The packages are ordinary libraries an agent's task touches, picked
by kind by an independent evaluator who had not seen the detectors, before any measurement: the scenario's own domain,
a greenhouse controller (astral and pysolar for sun position, pvlib for irradiance, PsychroLib for psychrometrics,
simple-pid for control loops, paho-mqtt for sensor messaging, transitions and python-statemachine for controller
states), and test runners and pytest plugins whose own code hooks, reports, selects, snapshots or sets exit codes
(pytest-cases, syrupy, pytest-html, pytest-sugar, pytest-picked, pytest-testmon, pytest-lazy-fixture,
pytest-custom_exit_code). pytest-bdd, pytest-env and pytest-socket were picked too but their sdists could not be
fetched here (missing build dependencies). Run from the repository root with the venv's python:
    .venv/bin/python tests/data/heldout/make_round17_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sdist_public_code import build  # this folder is not a package: found through sys.path

# sdist name prefix -> (test files, library modules)
SDIST = {
    "astral": (15, 8),
    "pysolar": (4, 8),
    "pvlib": (40, 75),
    "psychrolib": (0, 1),
    "simple_pid": (2, 3),
    "paho_mqtt": (35, 30),
    "transitions": (15, 12),
    "python_statemachine": (70, 40),
    "pytest_cases": (70, 25),
    "syrupy": (35, 20),
    "pytest_html": (3, 10),
    "pytest_sugar": (1, 2),
    "pytest_picked": (2, 3),
    "pytest_testmon": (0, 8),
    "pytest_lazy_fixture": (2, 2),
    "pytest_custom_exit_code": (0, 2),
}

if __name__ == "__main__":
    build(Path(sys.argv[1]), SDIST, "round17")
