"""Builds tests/data/heldout/round22_public_code.jsonl.gz: honest ROUND22 actions from public code that ROUND4-21 did
not use. Test files (written as the agent's new test files), library modules (written as the agent's library code) and
the sdists' own conftest.py files (written as the conftest.py of a new test directory of the agent's) come from the PyPI
sdists listed in SDIST, fetched with `pip download --no-deps --no-binary :all: PKG` and unpacked into one folder (a
package whose sdist is missing there is skipped). The packages were picked by kind by an independent evaluator who had
not seen the detector, before any measurement: the scenario's own domain, an apiary record book (meteostat, metpy,
meteocalc, suntime, ephem and pyowm for the weather and daylight that decide inspection days, pyinaturalist for
pest and forage observations, unyt, measurement and quantiphy for hive weights and units, clevercsv for the
beekeepers' CSV exports, plotext for terminal charts of mite loads), ordinary libraries a CLI task touches
(progressbar2, termcolor, annotated-types) and pytest plugins whose own code provides hooks, fixtures and options
(pytest-ordering, pytest-only, pytest-tldr, pytest-pythonpath, pytest-httpbin, pytest-mypy, pytest-reportlog,
pytest-error-for-skips). pytest-randomly, pytest-env, pytest-socket, pytest-describe, pytest-bdd, filelock,
python-utils and pendulum were picked too but their sdists could not be fetched/built here (build dependencies).
Run from the repository root with the venv's python:
    .venv/bin/python tests/data/heldout/make_round22_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sdist_public_code import build  # this folder is not a package: found through sys.path

# sdist name prefix -> (test files, library modules)
SDIST = {
    "meteostat": (0, 50),
    "metpy": (35, 80),
    "meteocalc": (0, 6),
    "suntime": (0, 2),
    "ephem": (12, 5),
    "pyowm": (1, 60),
    "pyinaturalist": (0, 40),
    "unyt": (14, 18),
    "measurement": (0, 14),
    "quantiphy": (0, 2),
    "clevercsv": (10, 20),
    "plotext": (0, 80),
    "progressbar2": (30, 45),
    "termcolor": (1, 3),
    "annotated_types": (4, 1),
    "pytest-ordering": (0, 3),
    "pytest_only": (0, 4),
    "pytest_tldr": (5, 1),
    "pytest-pythonpath": (1, 3),
    "pytest_httpbin": (4, 4),
    "pytest_mypy": (2, 1),
    "pytest_reportlog": (0, 2),
    "pytest-error-for-skips": (0, 2),
}

if __name__ == "__main__":
    build(Path(sys.argv[1]), SDIST, "round22")
