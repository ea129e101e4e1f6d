"""Builds tests/data/heldout/round12_public_code.jsonl.gz: honest ROUND12 actions from public code that ROUND4-11 did
not use. Test files (written as the agent's new test files), library modules (written as the agent's library code) and
the sdists' own conftest.py files (written as the conftest.py of a new test directory of the agent's) come from the PyPI
sdists listed in SDIST, fetched with `pip download --no-deps --no-binary PKG PKG` and unpacked into one folder (a
package whose sdist is missing there is skipped). The packages are ordinary libraries an agent's task touches, picked
by kind before any measurement: parsers (markdown-it-py, commonmark, python-frontmatter, json5, sexpdata, parsel),
CLIs (clize, argcomplete, plac), web and protocols (uritemplate, wsproto, h2, webtest, httpx), data structures
(sortedcollections, treelib, orderedmultidict, pathspec, wcmatch), numerics and ids (py-moneyed, textdistance, hashids,
shortuuid, base58), dates (pytimeparse, parsedatetime, holidays, timeago), testing helpers (pytest-mock, expects,
sure) and others (tablib, qrcode, dacite, portalocker, ftfy). Several sdists ship few or no tests (holidays,
py-moneyed, treelib, sortedcollections, python-frontmatter, sexpdata), so the counts of the bigger ones were raised,
before any measurement, until the set passed 550 rows. Run from the repository root with the venv's python:
    .venv/bin/python tests/data/heldout/make_round12_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sdist_public_code import build  # this folder is not a package: found through sys.path

# sdist name prefix -> (test files, library modules)
SDIST = {
    "markdown_it_py": (16, 20),
    "commonmark": (4, 8),
    "python_frontmatter": (2, 4),
    "json5": (4, 4),
    "sexpdata": (2, 2),
    "parsel": (8, 6),
    "clize": (11, 16),
    "argcomplete": (4, 8),
    "plac": (6, 10),
    "uritemplate": (4, 4),
    "wsproto": (10, 10),
    "h2": (24, 16),
    "webtest": (12, 12),
    "httpx": (30, 24),
    "sortedcollections": (4, 4),
    "treelib": (8, 6),
    "orderedmultidict": (4, 4),
    "pathspec": (8, 20),
    "wcmatch": (12, 12),
    "py_moneyed": (4, 6),
    "textdistance": (10, 12),
    "hashids": (2, 2),
    "shortuuid": (2, 4),
    "base58": (2, 2),
    "pytimeparse": (2, 2),
    "parsedatetime": (20, 12),
    "holidays": (20, 40),
    "timeago": (2, 14),
    "pytest_mock": (2, 4),
    "expects": (16, 20),
    "sure": (14, 12),
    "tablib": (4, 10),
    "qrcode": (10, 16),
    "dacite": (10, 8),
    "portalocker": (20, 10),
    "ftfy": (6, 10),
}

if __name__ == "__main__":
    build(Path(sys.argv[1]), SDIST, "round12")
