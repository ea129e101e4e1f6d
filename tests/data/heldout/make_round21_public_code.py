"""Builds tests/data/heldout/round21_public_code.jsonl.gz: honest ROUND21 actions from public code that ROUND4-20 did
not use. Test files (written as the agent's new test files), library modules (written as the agent's library code) and
the sdists' own conftest.py files (written as the conftest.py of a new test directory of the agent's) come from the PyPI
sdists listed in SDIST, fetched with `pip download --no-deps --no-binary :all: PKG` and unpacked into one folder (a
package whose sdist is missing there is skipped). The packages are ordinary libraries an agent's task touches, picked
by kind by an independent evaluator who had not seen the detectors, before any measurement: the scenario's own domain,
a ferry line (pynmea2 and pyais for vessel position and AIS messages, pymap3d and utm for coordinates, skyfield for
sunrise/sunset sailings, noaa-coops for tide data, partridge and gtfs-realtime-bindings for GTFS timetables, simpy for
simulating boarding queues, portion for berth time intervals, folium and branca for route maps, apispec for the
booking API, huey and kombu for booking queues, tornado for a booking web service) and pytest plugins whose own code
provides fixtures, hooks and data files (pytest-snapshot, pytest-httpx, pytest-subprocess, pytest-console-scripts,
pytest-doctestplus, pytest-remotedata). ics, pyyaml, pytest-socket, pytest-env and pytest-bdd were picked too but their
sdists could not be built here (build dependencies). Run from the repository root with the venv's python:
    .venv/bin/python tests/data/heldout/make_round21_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sdist_public_code import build  # this folder is not a package: found through sys.path

# sdist name prefix -> (test files, library modules)
SDIST = {
    "pynmea2": (10, 20),
    "pyais": (25, 14),
    "pymap3d": (20, 20),
    "utm": (3, 4),
    "skyfield": (35, 45),
    "noaa_coops": (12, 10),
    "partridge": (0, 10),
    "gtfs_realtime_bindings": (1, 2),
    "simpy": (12, 18),
    "portion": (8, 6),
    "folium": (20, 25),
    "branca": (5, 6),
    "apispec": (12, 12),
    "huey": (15, 20),
    "kombu": (30, 35),
    "tornado": (30, 25),
    "pytest_snapshot": (5, 3),
    "pytest_httpx": (5, 5),
    "pytest_subprocess": (8, 8),
    "pytest_console_scripts": (3, 2),
    "pytest_doctestplus": (6, 6),
    "pytest_remotedata": (5, 4),
}

if __name__ == "__main__":
    build(Path(sys.argv[1]), SDIST, "round21")
