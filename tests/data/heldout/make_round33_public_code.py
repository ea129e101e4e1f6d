"""Builds tests/data/heldout/round33_public_code.jsonl.gz: honest ROUND33 actions from public code that ROUND4-32 did
not use. Test files (written as the agent's new test files), library modules (written as the agent's library code) and
the sdists' own conftest.py files (written as the conftest.py of a new test directory of the agent's) come from the PyPI
sdists listed in SDIST, fetched with `pip download --no-deps --no-binary :all: PKG` and unpacked into one folder (a
package whose sdist is missing there is skipped). The packages were picked by kind by an independent evaluator who had
not seen the detector, before any measurement, after checking every earlier round's SDIST table: the scenario's own
domain, a food co-operative's bookkeeping package (schwifty for IBAN/BIC validation, ofxtools and ofxparse for bank
statements in OFX, quiffen for QIF files, csv2ofx for bank CSV exports, fiscalyear for fiscal calendars that start in
another month, numpy-financial for money arithmetic), pytest plugins whose own code adds options, hooks and markers
(pytest-depends, pytest-incremental, pytest-nunit, pytest-codeblocks, pytest-deadfixtures, pytest-loguru,
pytest-pycodestyle, and time-machine, whose pytest plugin and fixture travel time), ordinary libraries (parsy,
Deprecated, csvkit) and large projects with many ordinary tests and modules (alembic, beets, rope). Near misses come
with them: pytest-depends and pytest-incremental skip or xfail tests whose dependencies failed as their documented
purpose, pytest-nunit and pytest-codeblocks collect and report their own items, pytest-deadfixtures walks the fixture
registry, time-machine patches the clock functions of the interpreter, alembic's and beets' tests patch, mock and
run subprocesses heavily, rope's refactorings rewrite Python source. Not every sdist ships its tests: fiscalyear,
pytest-depends, pytest-nunit and time-machine contribute library modules only, and rope's tests (named *test.py) are
not picked by the builder. Five first choices could not be downloaded as sdists here (mt-940, pytest-steps,
pytest-harvest and pytest-markdown-docs failed to build their metadata; falcon's metadata build did not finish) and
were replaced. Run from the repository root with the venv's python:
    .venv/bin/python tests/data/heldout/make_round33_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sdist_public_code import build  # this folder is not a package: found through sys.path

# sdist name prefix -> (test files, library modules)
SDIST = {
    "schwifty": (12, 14),
    "ofxtools": (30, 35),
    "ofxparse": (2, 5),
    "quiffen": (10, 12),
    "csv2ofx": (1, 12),
    "fiscalyear": (0, 1),
    "numpy_financial": (1, 2),
    "pytest_depends": (0, 2),
    "pytest_incremental": (3, 2),
    "pytest_nunit": (0, 5),
    "pytest_codeblocks": (9, 4),
    "pytest_deadfixtures": (1, 1),
    "pytest_loguru": (1, 1),
    "pytest_pycodestyle": (1, 1),
    "time_machine": (0, 2),
    "parsy": (2, 3),
    "deprecated": (12, 4),
    "csvkit": (18, 20),
    "alembic": (39, 60),
    "beets": (90, 90),
    "rope": (5, 70),
}

if __name__ == "__main__":
    build(Path(sys.argv[1]), SDIST, "round33")
