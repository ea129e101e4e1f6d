"""Builds tests/data/heldout/round19_public_code.jsonl.gz: honest ROUND19 actions from public code that ROUND4-18 did
not use. Test files (written as the agent's new test files), library modules (written as the agent's library code) and
the sdists' own conftest.py files (written as the conftest.py of a new test directory of the agent's) come from the PyPI
sdists listed in SDIST, fetched with `pip download --no-deps --no-binary :all: PKG` and unpacked into one folder (a
package whose sdist is missing there is skipped). The packages are ordinary libraries an agent's task touches, picked
by kind by an independent evaluator who had not seen the detectors, before any measurement: the scenario's own domain,
a library circulation desk (isbnlib and python-barcode for ISBNs and labels, pymarc for MARC catalogue records, pybtex
and latexcodec for citations, ebooklib and mutagen for e-books and audiobooks, langdetect for a title's language,
fuzzywuzzy for fuzzy title search, Whoosh for a full-text catalogue index, peewee for the loans database, Genshi for
templated notices, dateutils for due-date arithmetic) and pytest plugins whose own code provides fixtures and data
files (pytest-datafiles, pytest-factoryboy). pytest-socket, pytest-env, pytest-bdd, citeproc-py and ics were picked too
but their sdists could not be fetched here (missing build dependencies or timeouts). Run from the repository root with
the venv's python:
    .venv/bin/python tests/data/heldout/make_round19_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sdist_public_code import build  # this folder is not a package: found through sys.path

# sdist name prefix -> (test files, library modules)
SDIST = {
    "isbnlib": (10, 40),
    "python_barcode": (8, 18),
    "pymarc": (12, 15),
    "pybtex": (25, 60),
    "latexcodec": (3, 4),
    "ebooklib": (5, 18),
    "mutagen": (50, 60),
    "langdetect": (3, 8),
    "fuzzywuzzy": (2, 5),
    "Whoosh": (40, 115),
    "peewee": (40, 30),
    "genshi": (25, 30),
    "dateutils": (1, 3),
    "pytest_datafiles": (3, 4),
    "pytest_factoryboy": (3, 5),
}

if __name__ == "__main__":
    build(Path(sys.argv[1]), SDIST, "round19")
