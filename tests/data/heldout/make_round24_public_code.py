"""Builds tests/data/heldout/round24_public_code.jsonl.gz: honest ROUND24 actions from public code that ROUND4-23 did
not use. Test files (written as the agent's new test files), library modules (written as the agent's library code) and
the sdists' own conftest.py files (written as the conftest.py of a new test directory of the agent's) come from the PyPI
sdists listed in SDIST, fetched with `pip download --no-deps --no-binary :all: PKG` and unpacked into one folder (a
package whose sdist is missing there is skipped). The packages were picked by kind by an independent evaluator who had
not seen the detector, before any measurement: the scenario's own domain, a chess club's Swiss-system tournament
package (chess for boards, moves and PGN, trueskill, glicko2 and elote for rating systems), pytest plugins whose own
code provides hooks, fixtures, ordering and options (pytest-random-order, pytest-vcr, pytest-profiling,
pytest-parallel, pytest-ignore-flaky, pytest-mockito, pytest-it), ordinary libraries a tournament CLI task touches
(toposort, multipledispatch, appdirs, distlib, ratelimit, retry, pyfiglet, names, click-didyoumean) and two large
projects with many ordinary tests and modules (pyramid, pylint). openskill, elo, tournament-pairings, terminaltables,
iso3166 and pytest-steps were picked too but their sdists could not be fetched or prepared here; sympy was fetched but
dropped because ROUND4 already used it.
Run from the repository root with the venv's python:
    .venv/bin/python tests/data/heldout/make_round24_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sdist_public_code import build  # this folder is not a package: found through sys.path

# sdist name prefix -> (test files, library modules)
SDIST = {
    "chess": (0, 12),
    "trueskill": (0, 4),
    "glicko2": (2, 2),
    "elote": (20, 20),
    "pytest_random_order": (6, 5),
    "pytest-vcr": (1, 1),
    "pytest-profiling": (4, 2),
    "pytest-parallel": (3, 2),
    "pytest_ignore_flaky": (3, 2),
    "pytest_mockito": (2, 2),
    "pytest-it": (1, 3),
    "toposort": (2, 1),
    "multipledispatch": (0, 5),
    "appdirs": (1, 1),
    "distlib": (20, 10),
    "ratelimit": (0, 3),
    "retry": (1, 3),
    "pyfiglet": (0, 4),
    "names": (0, 2),
    "click_didyoumean": (0, 1),
    "pyramid": (100, 100),
    "pylint": (130, 100),
}

if __name__ == "__main__":
    build(Path(sys.argv[1]), SDIST, "round24")
