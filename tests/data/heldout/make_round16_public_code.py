"""Builds tests/data/heldout/round16_public_code.jsonl.gz: honest ROUND16 actions from public code that ROUND4-15 did
not use. Test files (written as the agent's new test files), library modules (written as the agent's library code) and
the sdists' own conftest.py files (written as the conftest.py of a new test directory of the agent's) come from the PyPI
sdists listed in SDIST, fetched with `pip download --no-deps --no-binary :all: PKG` and unpacked into one folder (a
package whose sdist is missing there is skipped). The packages are ordinary libraries an agent's task touches, picked
by kind by an independent evaluator who had not seen the detectors, before any measurement: calendars and schedules
(icalendar, recurring-ical-events, python-crontab, cron-descriptor), geography and tracks (geojson, geopy,
geographiclib, gpxpy, polyline: the scenario's own domain, a bike-share network), test runners and pytest plugins
whose own code hooks, reruns, repeats, serves or reports tests (nose2, pytest-check, flaky, pytest-xprocess,
pytest-instafail, pytest-datadir, pytest-localserver, pytest-repeat, testpath) and documentation testing (sybil).
pytest-randomly, pytest-describe and ics were picked too but their sdists could not be built here (missing build
dependencies). Run from the repository root with the venv's python:
    .venv/bin/python tests/data/heldout/make_round16_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sdist_public_code import build  # this folder is not a package: found through sys.path

# sdist name prefix -> (test files, library modules)
SDIST = {
    "icalendar": (50, 40),
    "recurring_ical_events": (40, 15),
    "python_crontab": (16, 5),
    "cron_descriptor": (8, 12),
    "geojson": (8, 8),
    "geopy": (7, 30),
    "geographiclib": (2, 8),
    "gpxpy": (1, 6),
    "polyline": (2, 2),
    "nose2": (50, 35),
    "pytest_check": (35, 8),
    "flaky": (8, 8),
    "pytest_xprocess": (6, 3),
    "pytest_instafail": (1, 1),
    "pytest_datadir": (3, 1),
    "pytest_localserver": (4, 6),
    "pytest_repeat": (1, 1),
    "testpath": (3, 5),
    "sybil": (25, 30),
}

if __name__ == "__main__":
    build(Path(sys.argv[1]), SDIST, "round16")
