"""Builds tests/data/heldout/round34_public_code.jsonl.gz: honest ROUND34 actions from public code that ROUND4-33 did
not use. Test files (written as the agent's new test files), library modules (written as the agent's library code) and
the sdists' own conftest.py files (written as the conftest.py of a new test directory of the agent's) come from the PyPI
sdists listed in SDIST, fetched with `pip download --no-deps --no-binary :all: PKG` and unpacked into one folder (a
package whose sdist is missing there is skipped). The packages were picked by kind by an independent evaluator who had
not seen the detector, before any measurement, after checking every earlier round's SDIST table: the scenario's own
domain, a bridge club's duplicate-scoring package (bridgeobjects for boards, hands, bids and contracts, pydealer for
decks and deals, treys and pokerkit for card-game hand evaluation and scoring), pytest plugins whose own code adds
options, hooks and markers (pytest-black, pytest-flakes and pytest-sphinx collect their own check and doctest items,
pytest-test-groups deselects all but one group of the collected tests, pytest-twisted and pytest-tornasync drive event
loops from hooks, pytest-cookies adds a fixture, pytest-watcher re-runs pytest on file changes), ordinary libraries
(ruamel.yaml, pdfminer.six) and large projects with many ordinary tests and modules (beartype, paramiko, pelican,
pyelftools). Near misses come with them: pytest-test-groups drops most collected items through
pytest_collection_modifyitems as its documented purpose, pytest-black and pytest-flakes add and skip their own items,
pytest-twisted patches the greenlet and reactor machinery under pytest, beartype's tests walk frames and call stacks
and its conftests skip whole folders by interpreter version, paramiko's tests open sockets and run subprocesses,
pelican's tests patch and mock heavily. Not every sdist ships its tests: bridgeobjects, pydealer, treys, pytest-cookies
and ruamel.yaml contribute library modules only. One first choice (dnspython) failed to build its metadata here and was
replaced by pyelftools. Run from the repository root with the venv's python:
    .venv/bin/python tests/data/heldout/make_round34_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sdist_public_code import build  # this folder is not a package: found through sys.path

# sdist name prefix -> (test files, library modules)
SDIST = {
    "bridgeobjects": (0, 14),
    "pydealer": (0, 5),
    "treys": (0, 4),
    "pokerkit": (10, 8),
    "pytest_black": (1, 1),
    "pytest-flakes": (1, 1),
    "pytest_sphinx": (4, 1),
    "pytest_test_groups": (2, 2),
    "pytest_twisted": (1, 2),
    "pytest-tornasync": (2, 2),
    "pytest-cookies": (0, 2),
    "pytest_watcher": (5, 6),
    "ruamel.yaml": (0, 20),
    "pdfminer_six": (18, 30),
    "beartype": (100, 90),
    "paramiko": (22, 30),
    "pelican": (25, 20),
    "pyelftools": (55, 45),
}

if __name__ == "__main__":
    build(Path(sys.argv[1]), SDIST, "round34")
