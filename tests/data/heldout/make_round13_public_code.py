"""Builds tests/data/heldout/round13_public_code.jsonl.gz: honest ROUND13 actions from public code that ROUND4-12 did
not use. Test files (written as the agent's new test files), library modules (written as the agent's library code) and
the sdists' own conftest.py files (written as the conftest.py of a new test directory of the agent's) come from the PyPI
sdists listed in SDIST, fetched with `pip download --no-deps --no-binary PKG PKG` and unpacked into one folder (a
package whose sdist is missing there is skipped). The packages are ordinary libraries an agent's task touches, picked
by kind by an evaluator who had not seen the detectors, before any measurement: parsing and text (pyparsing, markdown,
mdurl, docutils, pygments, isort, thefuzz), web and HTTP (requests, urllib3, idna, werkzeug, flask, starlette,
websockets, cachecontrol), CLIs and terminals (typer, rich, tqdm, nox, pyperclip3), data and config (packaging,
sortedcontainers, dataclasses-json, marshmallow-dataclass, environs, python-decouple, jsonlines, pycountry, webcolors),
documents and XML (openpyxl, fpdf2, pypdf, xmlschema, elementpath) and code analysis (astroid). Several sdists ship no
tests (openpyxl, rich, websockets, fpdf2, cachecontrol, dataclasses-json, mdurl, sortedcontainers, pyperclip3,
python-decouple), so they give library modules only. Run from the repository root with the venv's python:
    .venv/bin/python tests/data/heldout/make_round13_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sdist_public_code import build  # this folder is not a package: found through sys.path

# sdist name prefix -> (test files, library modules)
SDIST = {
    "pyparsing": (8, 10),
    "markdown": (12, 12),
    "mdurl": (0, 5),
    "docutils": (20, 16),
    "pygments": (12, 20),
    "isort": (14, 12),
    "thefuzz": (1, 4),
    "requests": (8, 12),
    "urllib3": (14, 14),
    "idna": (6, 6),
    "werkzeug": (12, 14),
    "flask": (14, 12),
    "starlette": (14, 12),
    "websockets": (0, 16),
    "cachecontrol": (0, 8),
    "typer": (16, 16),
    "rich": (0, 24),
    "tqdm": (10, 10),
    "nox": (12, 10),
    "pyperclip3": (0, 3),
    "packaging": (12, 12),
    "sortedcontainers": (0, 4),
    "dataclasses_json": (0, 6),
    "marshmallow_dataclass": (8, 6),
    "environs": (3, 4),
    "python_decouple": (0, 2),
    "jsonlines": (2, 3),
    "pycountry": (1, 2),
    "webcolors": (4, 5),
    "openpyxl": (0, 24),
    "fpdf2": (0, 14),
    "pypdf": (14, 14),
    "xmlschema": (12, 12),
    "elementpath": (10, 12),
    "astroid": (20, 14),
}

if __name__ == "__main__":
    build(Path(sys.argv[1]), SDIST, "round13")
