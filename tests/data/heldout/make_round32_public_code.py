"""Builds tests/data/heldout/round32_public_code.jsonl.gz: honest ROUND32 actions from public code that ROUND4-31 did
not use. Test files (written as the agent's new test files), library modules (written as the agent's library code) and
the sdists' own conftest.py files (written as the conftest.py of a new test directory of the agent's) come from the PyPI
sdists listed in SDIST, fetched with `pip download --no-deps --no-binary PKG PKG` and unpacked into one folder (a
package whose sdist is missing there is skipped). The packages were picked by kind by an independent evaluator who had
not seen the detector, before any measurement, after checking every earlier round's SDIST table: the scenario's own
domain, a sailing club's regatta-scoring package (metar for the race-day weather reports, LatLon23 for marks and
courses, openskill for rating sailors from race results, terminaltables for printing results sheets, odfpy for the
spreadsheet exports race offices use, typedload and schematics for loading entry lists into typed records), pytest
plugins whose own code adds options, hooks and markers (pytest-env, pytest-github-actions-annotate-failures, nbval,
pytest-md-report, pytest-regtest, pytest-replay, pytest-reraise, pytest-localftpserver), and large projects with many
ordinary tests and modules (black, tox, pre-commit, mkdocs). Near misses come with them: pytest-env sets environment
variables from the ini file, pytest-github-actions-annotate-failures reads every failing report in a hook,
pytest-md-report and pytest-regtest write their own reports and record outputs, pytest-replay re-runs recorded test
sequences, pytest-reraise re-raises exceptions caught in threads, nbval collects notebook cells as its own items,
tox (3.28, the last setuptools-based release) runs commands whose outcome it can ignore as a documented option,
pre-commit drives git and installs git hooks, black's test cases are source files with odd code on purpose. Not
available as buildable sdists here and dropped: ranking, ics, pytest-steps, pytest-harvest (their sdists fail to
prepare metadata on Python 3.11), and the newest tox and pytest-env (build dependencies missing), for which older
releases were taken. LatLon23, openskill, pre-commit, schematics, terminaltables, pytest-env and pytest-reraise
contribute library modules only (the builder finds no test files in them it can use). Run from the repository root
with the venv's python:
    .venv/bin/python tests/data/heldout/make_round32_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sdist_public_code import build  # this folder is not a package: found through sys.path

# sdist name prefix -> (test files, library modules)
SDIST = {
    "metar": (7, 9),
    "LatLon23": (0, 1),
    "openskill": (0, 10),
    "terminaltables": (0, 8),
    "odfpy": (20, 40),
    "typedload": (15, 9),
    "schematics": (0, 24),
    "pytest-env": (0, 1),
    "pytest_github_actions_annotate_failures": (1, 1),
    "nbval": (8, 5),
    "pytest_md_report": (2, 5),
    "pytest_regtest": (10, 9),
    "pytest_replay": (2, 1),
    "pytest-reraise": (0, 1),
    "pytest_localftpserver": (4, 4),
    "black": (90, 41),
    "tox": (30, 48),
    "pre_commit": (0, 59),
    "mkdocs": (21, 28),
}

if __name__ == "__main__":
    build(Path(sys.argv[1]), SDIST, "round32")
