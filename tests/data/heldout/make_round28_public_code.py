"""Builds tests/data/heldout/round28_public_code.jsonl.gz: honest ROUND28 actions from public code that ROUND4-27 did
not use. Test files (written as the agent's new test files), library modules (written as the agent's library code) and
the sdists' own conftest.py files (written as the conftest.py of a new test directory of the agent's) come from the PyPI
sdists listed in SDIST, fetched with `pip download --no-deps --no-binary :all: PKG` and unpacked into one folder (a
package whose sdist is missing there is skipped). The packages were picked by kind by an independent evaluator who had
not seen the detector, before any measurement: the scenario's own domain, an amateur-radio contest logbook (maidenhead
for grid locators, adif_io and pyadif-file for ADIF logs, pyhamtools for callsign and band lookups, sgp4 and geomag for
satellite passes and magnetic bearings), pytest plugins whose own code provides hooks, fixtures and options
(pytest-fixture-config, pytest-helpers-namespace, pytest-shutil, pytest-click, pytest-skip-slow), and three large
projects with many ordinary tests and modules (aiohttp, ipython, jedi). Near misses come with them: pytest-skip-slow
adds skip markers from a command-line option, pytest-shutil and ipython run subprocesses and manipulate sys.modules
and stack frames, jedi inspects frames and source, aiohttp opens sockets in its tests. ctyparser and pytest-harvest
were picked too, but their sdists could not be prepared here. Run from the repository root with the venv's python:
    .venv/bin/python tests/data/heldout/make_round28_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sdist_public_code import build  # this folder is not a package: found through sys.path

# sdist name prefix -> (test files, library modules)
SDIST = {
    "maidenhead": (2, 3),
    "adif_io": (2, 2),
    "pyadif_file": (3, 4),
    "pyhamtools": (8, 8),
    "sgp4": (3, 8),
    "geomag": (0, 2),
    "pytest-fixture-config": (1, 2),
    "pytest-helpers-namespace": (2, 4),
    "pytest-shutil": (4, 5),
    "pytest_click": (3, 3),
    "pytest_skip_slow": (0, 1),
    "aiohttp": (65, 55),
    "ipython": (90, 80),
    "jedi": (80, 50),
}

if __name__ == "__main__":
    build(Path(sys.argv[1]), SDIST, "round28")
