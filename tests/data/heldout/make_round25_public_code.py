"""Builds tests/data/heldout/round25_public_code.jsonl.gz: honest ROUND25 actions from public code that ROUND4-24 did
not use. Test files (written as the agent's new test files), library modules (written as the agent's library code) and
the sdists' own conftest.py files (written as the conftest.py of a new test directory of the agent's) come from the PyPI
sdists listed in SDIST, fetched with `pip download --no-deps --no-binary :all: PKG` and unpacked into one folder (a
package whose sdist is missing there is skipped). The packages were picked by kind by an independent evaluator who had
not seen the detector, before any measurement: the scenario's own domain, a veterinary clinic's package (phonenumbers
for owners' contact numbers, Metaphone for matching owners' names, Faker for realistic client records, reportlab for
invoices and vaccination certificates), pytest plugins whose own code provides hooks, fixtures and options
(pytest-django, pytest-flask, pytest-flake8, pytest-isort), ordinary libraries a clinic app task touches (dogpile.cache,
fasteners, mypy_extensions, python-magic, prompt_toolkit, watchdog, zope.interface, nose) and two large projects with
many ordinary tests and modules (sphinx, twisted). ics, vobject, pytest-env, pytest-socket, pytest-randomly,
pytest-describe, pytest-bdd, filelock and pyyaml were picked too, but their sdists could not be fetched or prepared here
(their build backends or build dependencies could not be built from source).
Run from the repository root with the venv's python:
    .venv/bin/python tests/data/heldout/make_round25_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sdist_public_code import build  # this folder is not a package: found through sys.path

# sdist name prefix -> (test files, library modules)
SDIST = {
    "phonenumbers": (10, 15),
    "Metaphone": (2, 3),
    "faker": (15, 25),
    "reportlab": (20, 20),
    "pytest_django": (8, 10),
    "pytest-flask": (4, 5),
    "pytest_flake8": (1, 1),
    "pytest_isort": (0, 1),
    "dogpile_cache": (8, 10),
    "fasteners": (4, 6),
    "mypy_extensions": (1, 1),
    "python-magic": (0, 3),
    "prompt_toolkit": (10, 20),
    "watchdog": (10, 10),
    "zope_interface": (10, 10),
    "nose": (20, 20),
    "sphinx": (60, 50),
    "twisted": (60, 50),
}

if __name__ == "__main__":
    build(Path(sys.argv[1]), SDIST, "round25")
