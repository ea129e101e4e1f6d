"""Builds tests/data/heldout/round23_public_code.jsonl.gz: honest ROUND23 actions from public code that ROUND4-22 did
not use. Test files (written as the agent's new test files), library modules (written as the agent's library code) and
the sdists' own conftest.py files (written as the conftest.py of a new test directory of the agent's) come from the PyPI
sdists listed in SDIST, fetched with `pip download --no-deps --no-binary :all: PKG` and unpacked into one folder (a
package whose sdist is missing there is skipped). The packages were picked by kind by an independent evaluator who had
not seen the detector, before any measurement: the scenario's own domain, a pottery studio's kiln firing log
(minimalmodbus and pymodbus for the kiln controllers' Modbus registers, thermocouples_reference, w1thermsensor and
adafruit-circuitpython-max31855 for thermocouple and sensor readings, crcmod for frame checksums, periodictable and
molmass for glaze oxide chemistry, colormath for fired glaze colours, sigfig and si-prefix for reporting temperatures
and weights, pyvisa for bench instruments, python-can and intelhex for controller buses and firmware images), ordinary
libraries a CLI task touches (durations, docstring_parser, mashumaro, click-default-group, cmd2, typing-inspect) and
pytest plugins whose own code provides hooks, fixtures and options (pytest-metadata, pytest-json-report, pytest-icdiff,
pytest-flakefinder, pytest-base-url, pytest-print, pytest-raises, pytest-watch, pytest-pretty, pytest-dependency,
pytest-lazy-fixtures, pytest-freezegun). PyYAML was picked too but its sdist could not be fetched here.
Run from the repository root with the venv's python:
    .venv/bin/python tests/data/heldout/make_round23_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sdist_public_code import build  # this folder is not a package: found through sys.path

# sdist name prefix -> (test files, library modules)
SDIST = {
    "minimalmodbus": (3, 2),
    "pymodbus": (0, 50),
    "thermocouples_reference": (0, 6),
    "w1thermsensor": (6, 12),
    "adafruit_circuitpython_max31855": (0, 2),
    "crcmod": (2, 8),
    "periodictable": (12, 35),
    "molmass": (2, 6),
    "colormath": (0, 16),
    "sigfig": (1, 2),
    "si_prefix": (2, 4),
    "pyvisa": (16, 34),
    "durations": (0, 7),
    "docstring_parser": (9, 8),
    "mashumaro": (60, 35),
    "click_default_group": (0, 1),
    "cmd2": (30, 55),
    "pytest_metadata": (2, 10),
    "pytest-json-report": (3, 3),
    "pytest-icdiff": (1, 2),
    "pytest-flakefinder": (2, 2),
    "pytest_base_url": (4, 3),
    "pytest_print": (8, 1),
    "pytest-raises": (0, 3),
    "pytest-watch": (0, 8),
    "pytest_pretty": (1, 1),
    "pytest-dependency": (12, 2),
    "pytest_lazy_fixtures": (7, 8),
    "python_can": (40, 60),
    "intelhex": (0, 8),
    "pytest-freezegun": (0, 1),
    "typing_inspect": (1, 1),
}

if __name__ == "__main__":
    build(Path(sys.argv[1]), SDIST, "round23")
