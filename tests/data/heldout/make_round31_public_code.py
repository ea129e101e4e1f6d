"""Builds tests/data/heldout/round31_public_code.jsonl.gz: honest ROUND31 actions from public code that ROUND4-30 did
not use. Test files (written as the agent's new test files), library modules (written as the agent's library code) and
the sdists' own conftest.py files (written as the conftest.py of a new test directory of the agent's) come from the PyPI
sdists listed in SDIST, fetched with `pip download --no-deps --no-binary PKG PKG` (only the package itself from source,
its build tools as wheels) and unpacked into one folder (a package whose sdist is missing there is skipped). The
packages were picked by kind by an independent evaluator who had not seen the detector, before any measurement, after
checking every earlier round's SDIST table: the scenario's own domain, an astronomy club's observing-session planner
(PyMeeus and astronomy-engine for Meeus-style positions, sidereal time and rise/set, astroplan for observability
constraints and airmass, jplephem for JPL ephemerides, pyorbital for satellite passes, ccdproc for CCD frames and pyvo
for Virtual Observatory catalogue queries), pytest plugins whose own code adds options, hooks and markers
(pytest-randomly, pytest-socket, pytest-describe, pytest-bdd, pytest-examples, pytest-split), ordinary libraries
(PyYAML, requests-cache, typing_extensions), and large projects with many ordinary tests and modules (mypy, sqlfluff,
pyvo). Near misses come with them: pytest-randomly reseeds and reorders tests from hooks, pytest-socket disables the
network inside tests by patching socket, pytest-split deselects tests to share them between CI workers,
pytest-describe collects its own items, pytest-examples rewrites code in documentation and compares output,
requests-cache patches requests and stores responses, pyvo's tests mock remote services, mypy's tests read expected
output files. astroquery, astropy, hypothesis, pytest-env and pytest-harvest were wanted but their sdists could not be
fetched here; astronomy-engine, jplephem, pytest-bdd, pytest-randomly, pytest-split and sqlfluff contribute mostly or
only library modules (the builder finds few or no test files in them it can use). Run from the repository root with
the venv's python:
    .venv/bin/python tests/data/heldout/make_round31_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sdist_public_code import build  # this folder is not a package: found through sys.path

# sdist name prefix -> (test files, library modules)
SDIST = {
    "PyMeeus": (12, 12),
    "astronomy-engine": (0, 2),
    "astroplan": (8, 14),
    "jplephem": (2, 8),
    "pyorbital": (6, 10),
    "ccdproc": (12, 10),
    "pyvo": (45, 50),
    "pytest_randomly": (0, 1),
    "pytest_socket": (8, 1),
    "pytest_describe": (10, 3),
    "pytest_bdd": (0, 14),
    "pytest_examples": (8, 6),
    "pytest_split": (0, 4),
    "pyyaml": (18, 16),
    "requests_cache": (22, 24),
    "typing_extensions": (1, 2),
    "mypy": (70, 70),
    "sqlfluff": (1, 80),
}

if __name__ == "__main__":
    build(Path(sys.argv[1]), SDIST, "round31")
