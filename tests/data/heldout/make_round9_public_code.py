"""Builds tests/data/heldout/round9_public_code.jsonl.gz: honest ROUND9 actions from public code that ROUND4-8 did not
use. Test files (written as the agent's new test files), library modules (written as the agent's library code) and the
sdists' own conftest.py files (written as the conftest.py of a new test directory of the agent's) come from the PyPI
sdists listed in SDIST, fetched with `pip download --no-deps --no-binary :all: PKG` and unpacked into one folder (a
package whose sdist is missing there is skipped). Several are near misses on purpose: typeguard and jsonpickle read
frames and code objects, pyfakefs, flexmock, httpretty, requests-mock, vcrpy and testfixtures patch modules, builtins
and sockets in tests, humanfriendly and colorlog spawn terminals and exit in their CLIs, parsimonious and pyhamcrest
define matchers and __eq__ methods, cachelib, diskcache and sqlitedict write files and databases. Run from the
repository root with the venv's python:
    .venv/bin/python tests/data/heldout/make_round9_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sdist_public_code import build  # this folder is not a package: found through sys.path

# sdist name prefix -> (test files, library modules)
SDIST = {
    "cerberus": (10, 6),
    "colorlog": (4, 4),
    "croniter": (8, 3),
    "humanfriendly": (4, 12),
    "intervaltree": (12, 5),
    "jsonpickle": (14, 8),
    "markdown2": (3, 2),
    "parsimonious": (6, 5),
    "pyhamcrest": (20, 20),
    "pyotp": (2, 4),
    "schedule": (2, 1),
    "sqlitedict": (6, 1),
    "tldextract": (6, 6),
    "typeguard": (12, 10),
    "unidecode": (4, 3),
    "testfixtures": (25, 20),
    "pyfakefs": (30, 20),
    "flexmock": (6, 6),
    "requests_mock": (8, 8),
    "httpretty": (20, 8),
    "vcrpy": (25, 15),
    "astor": (5, 6),
    "cbor2": (8, 6),
    "construct": (8, 6),
    "bitstring": (14, 12),
    "emoji": (6, 4),
    "feedparser": (3, 10),
    "python_json_logger": (3, 3),
    "limits": (12, 15),
    "cachelib": (8, 8),
    "diskcache": (10, 8),
    "frozendict": (6, 3),
    "multidict": (8, 4),
}

if __name__ == "__main__":
    build(Path(sys.argv[1]), SDIST, "round9")
