"""Builds tests/data/heldout/round30_public_code.jsonl.gz: honest ROUND30 actions from public code that ROUND4-29 did
not use. Test files (written as the agent's new test files), library modules (written as the agent's library code) and
the sdists' own conftest.py files (written as the conftest.py of a new test directory of the agent's) come from the PyPI
sdists listed in SDIST, fetched with `pip download --no-deps --no-binary :all: PKG` and unpacked into one folder (a
package whose sdist is missing there is skipped). The packages were picked by kind by an independent evaluator who had
not seen the detector, before any measurement, after checking every earlier round's SDIST table: the scenario's own
domain, a family-history society's genealogy package (python-gedcom, ged4py and gedcom7 for GEDCOM files, pyphonetics
and abydos for Soundex and other phonetic surname codes, lunardate for calendar conversion of old dates, graphviz and
pydot for drawing family trees), pytest plugins whose own code adds options, hooks and markers (pytest-responses,
pytest-fail-slow, pytest-retry, pytest-parametrized, pytest-mypy-testing, pytest-testinfra), ordinary libraries
(parse_type, jsonpath-rw, genson), and large projects with many ordinary tests and modules (behave, fonttools, nltk).
Near misses come with them: pytest-retry re-runs failing tests and rewrites their reports as its documented purpose,
pytest-fail-slow fails tests by duration from a hook, pytest-mypy-testing collects its own items from mypy output,
pytest-testinfra runs shell commands on hosts, behave's runner and formatters handle skips, exits and captured output,
nltk's downloader fetches data over the network, fonttools' tests patch and inspect heavily. All sdists downloaded;
abydos, jsonpath-rw, lunardate and pytest-responses contribute library modules only (the builder finds no test files
in them it can use). Run from the repository root with the venv's python:
    .venv/bin/python tests/data/heldout/make_round30_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sdist_public_code import build  # this folder is not a package: found through sys.path

# sdist name prefix -> (test files, library modules)
SDIST = {
    "python_gedcom": (6, 8),
    "ged4py": (6, 7),
    "gedcom7": (8, 10),
    "pyphonetics": (4, 10),
    "abydos": (0, 40),
    "lunardate": (0, 1),
    "graphviz": (12, 15),
    "pydot": (5, 6),
    "pytest-responses": (0, 1),
    "pytest_fail_slow": (3, 1),
    "pytest_retry": (1, 4),
    "pytest_parametrized": (1, 1),
    "pytest_mypy_testing": (4, 4),
    "pytest_testinfra": (3, 15),
    "parse_type": (10, 8),
    "jsonpath-rw": (0, 4),
    "genson": (8, 6),
    "behave": (30, 30),
    "fonttools": (70, 60),
    "nltk": (60, 60),
}

if __name__ == "__main__":
    build(Path(sys.argv[1]), SDIST, "round30")
