"""Builds tests/data/heldout/round14_public_code.jsonl.gz: honest ROUND14 actions from public code that ROUND4-13 did
not use. Test files (written as the agent's new test files), library modules (written as the agent's library code) and
the sdists' own conftest.py files (written as the conftest.py of a new test directory of the agent's) come from the PyPI
sdists listed in SDIST, fetched with `pip download --no-deps --no-binary :all: PKG` and unpacked into one folder (a
package whose sdist is missing there is skipped). The packages are ordinary libraries an agent's task touches, picked
by kind by an independent evaluator who had not seen the detectors, before any measurement: text and names
(inflection, nameparser, titlecase, python-stdnum, unidiff), SQL and data formats (sqlglot, xlsxwriter, python-docx,
markupsafe), HTTP and servers (hpack, hyperframe, waitress, respx, aioresponses), terminals and prompts (blessed,
questionary, yaspin, halo), config and nested data (confuse, configupdater, pyhocon, dpath, dotmap, jsonmerge, jsonref),
dates and calendars (isoweek, workalendar), pytest plugins (pytest-timeout, pytest-rerunfailures, pytest-xdist) and
code analysis (vulture, radon, pydocstyle, autoflake). pytest-randomly and html5lib were picked too but their sdists
could not be fetched. Several sdists ship no tests (autoflake, halo, jsonref, pydocstyle, pytest-rerunfailures,
questionary, respx, xlsxwriter), so they give library modules only. Run from the repository root with the venv's
python:
    .venv/bin/python tests/data/heldout/make_round14_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sdist_public_code import build  # this folder is not a package: found through sys.path

# sdist name prefix -> (test files, library modules)
SDIST = {
    "inflection": (1, 1),
    "nameparser": (16, 14),
    "titlecase": (1, 1),
    "python_stdnum": (7, 24),
    "unidiff": (4, 5),
    "sqlglot": (20, 24),
    "xlsxwriter": (0, 16),
    "python_docx": (22, 24),
    "markupsafe": (5, 2),
    "hpack": (5, 6),
    "hyperframe": (3, 3),
    "waitress": (14, 12),
    "respx": (0, 10),
    "aioresponses": (4, 2),
    "blessed": (14, 16),
    "questionary": (0, 12),
    "yaspin": (10, 5),
    "halo": (0, 5),
    "confuse": (8, 6),
    "configupdater": (6, 8),
    "pyhocon": (5, 8),
    "dpath": (10, 5),
    "dotmap": (1, 1),
    "jsonmerge": (2, 5),
    "jsonref": (0, 2),
    "isoweek": (1, 1),
    "workalendar": (16, 24),
    "pytest_timeout": (1, 2),
    "pytest_rerunfailures": (0, 1),
    "pytest_xdist": (11, 14),
    "vulture": (12, 10),
    "radon": (10, 10),
    "pydocstyle": (0, 9),
    "autoflake": (0, 1),
}

if __name__ == "__main__":
    build(Path(sys.argv[1]), SDIST, "round14")
