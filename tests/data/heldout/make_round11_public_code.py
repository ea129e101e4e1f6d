"""Builds tests/data/heldout/round11_public_code.jsonl.gz: honest ROUND11 actions from public code that ROUND4-10 did
not use. Test files (written as the agent's new test files), library modules (written as the agent's library code)
and the sdists' own conftest.py files (written as the conftest.py of a new test directory of the agent's) come from
the PyPI sdists listed in SDIST, fetched with `pip download --no-deps --no-binary :all: PKG` and unpacked into one
folder (a package whose sdist is missing there is skipped). The packages are ordinary libraries an agent's task
touches, picked by kind before any measurement: parsers (ijson, jsonpath-ng, bibtexparser, mistletoe, html2text,
defusedxml, cssutils), CLIs (plumbum, configargparse, cleo, argh), web utilities (yarl, webob, requests-toolbelt,
python-multipart, httplib2), data structures (bidict, anytree, dictdiffer, pygtrie), numerics (num2words, roman,
quantities, patsy), dates (iso8601, aniso8601, convertdate, babel), testing helpers (parameterized, assertpy,
factory_boy, ddt) and others (chevron, pydash, semantic_version). html5lib was picked too, but its sdist does not
build its metadata here (setup.py imports pkg_resources), so cssutils took its place. Run from the repository root
with the venv's python: .venv/bin/python tests/data/heldout/make_round11_public_code.py /path/to/unpacked/sdists"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sdist_public_code import build  # this folder is not a package: found through sys.path

# sdist name prefix -> (test files, library modules)
SDIST = {
    "ijson": (8, 8),
    "jsonpath_ng": (8, 6),
    "bibtexparser": (12, 12),
    "mistletoe": (12, 14),
    "html2text": (2, 6),
    "defusedxml": (2, 8),
    "cssutils": (16, 16),
    "plumbum": (16, 16),
    "configargparse": (2, 2),
    "cleo": (16, 16),
    "argh": (8, 8),
    "yarl": (10, 6),
    "webob": (20, 16),
    "requests_toolbelt": (14, 14),
    "python_multipart": (6, 6),
    "httplib2": (8, 6),
    "bidict": (8, 10),
    "anytree": (12, 12),
    "dictdiffer": (4, 4),
    "pygtrie": (2, 2),
    "num2words": (24, 24),
    "roman": (2, 2),
    "quantities": (14, 14),
    "patsy": (6, 20),
    "iso8601": (2, 2),
    "aniso8601": (12, 12),
    "convertdate": (14, 14),
    "babel": (18, 14),
    "parameterized": (2, 2),
    "assertpy": (18, 4),
    "factory_boy": (12, 8),
    "ddt": (3, 2),
    "chevron": (1, 4),
    "pydash": (10, 12),
    "semantic_version": (4, 4),
}

if __name__ == "__main__":
    build(Path(sys.argv[1]), SDIST, "round11")
