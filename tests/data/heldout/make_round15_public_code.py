"""Builds tests/data/heldout/round15_public_code.jsonl.gz: honest ROUND15 actions from public code that ROUND4-14 did
not use. Test files (written as the agent's new test files), library modules (written as the agent's library code) and
the sdists' own conftest.py files (written as the conftest.py of a new test directory of the agent's) come from the PyPI
sdists listed in SDIST, fetched with `pip download --no-deps --no-binary :all: PKG` and unpacked into one folder (a
package whose sdist is missing there is skipped). The packages are ordinary libraries an agent's task touches, picked
by kind by an independent evaluator who had not seen the detectors, before any measurement: dates and templates
(python-dateutil, jinja2), command lines and plugin machinery (click, pluggy, iniconfig, exceptiongroup, traitlets),
pytest plugins and runners whose own code hooks, reorders, serves or reruns tests (pytest-asyncio, pytest-cov,
pytest-httpserver, pytest-order, pytest-subtests, pytest-benchmark, pytest-forked, coverage), git and packaging
metadata (setuptools-scm, gitpython, zipp, importlib-metadata), I/O and protocols (charset-normalizer, h11, fsspec,
pyserial), music (mido, music21, pychord, mingus: the scenario's own domain) and scheduling
(pyrate-limiter, apscheduler). pyyaml, pytest-socket, pytest-env, filelock, tox and pipdeptree were picked too but
their sdists could not be fetched or built here (missing build dependencies). Run from the repository root with the
venv's python:
    .venv/bin/python tests/data/heldout/make_round15_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sdist_public_code import build  # this folder is not a package: found through sys.path

# sdist name prefix -> (test files, library modules)
SDIST = {
    "python_dateutil": (10, 10),
    "jinja2": (10, 14),
    "click": (12, 14),
    "pluggy": (6, 6),
    "iniconfig": (1, 2),
    "exceptiongroup": (3, 3),
    "traitlets": (12, 14),
    "pytest_asyncio": (10, 4),
    "pytest_cov": (3, 4),
    "pytest_httpserver": (8, 4),
    "pytest_order": (10, 4),
    "pytest_subtests": (3, 3),
    "pytest_benchmark": (10, 10),
    "pytest_forked": (2, 1),
    "coverage": (20, 24),
    "setuptools_scm": (14, 16),
    "gitpython": (14, 20),
    "zipp": (3, 3),
    "importlib_metadata": (6, 6),
    "charset_normalizer": (8, 10),
    "h11": (8, 8),
    "fsspec": (16, 20),
    "pyserial": (6, 12),
    "mido": (10, 12),
    "music21": (16, 24),
    "pychord": (6, 6),
    "mingus": (10, 16),
    "pyrate_limiter": (6, 8),
    "apscheduler": (10, 16),
}

if __name__ == "__main__":
    build(Path(sys.argv[1]), SDIST, "round15")
