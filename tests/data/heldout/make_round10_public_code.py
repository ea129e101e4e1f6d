"""Builds tests/data/heldout/round10_public_code.jsonl.gz: honest ROUND10 actions from public code that ROUND4-9 did not
use. Test files (written as the agent's new test files), library modules (written as the agent's library code) and the
sdists' own conftest.py files (written as the conftest.py of a new test directory of the agent's) come from the PyPI
sdists listed in SDIST, fetched with `pip download --no-deps --no-binary :all: PKG` and unpacked into one folder (a
package whose sdist is missing there is skipped). The packages are ordinary libraries an agent's task touches (parsers,
templating, units, numerics, geocoding, crypto, formatting, config, dates, HTML, forms); none is a patching,
mocking or pytest-plugin library. Near misses come with them: asteval and simpleeval evaluate expressions and walk
ASTs, mako and lark compile and exec generated code, autopep8 has a CLI that exits, pint and uncertainties
define __eq__ methods, geopy and dateparser wrap network and clock access. Run from the repository root with the venv's
python:
    .venv/bin/python tests/data/heldout/make_round10_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sdist_public_code import build  # this folder is not a package: found through sys.path

# sdist name prefix -> (test files, library modules)
SDIST = {
    "asteval": (8, 6),
    "autopep8": (4, 3),
    "beautifulsoup4": (12, 10),
    "chardet": (8, 16),
    "configobj": (6, 6),
    "dateparser": (16, 18),
    "ecdsa": (12, 12),
    "email_validator": (6, 6),
    "fastjsonschema": (14, 10),
    "furl": (6, 3),
    "geopy": (16, 18),
    "haversine": (4, 2),
    "hyperlink": (8, 6),
    "lark": (18, 18),
    "mako": (20, 18),
    "passlib": (18, 18),
    "pint": (24, 24),
    "ply": (6, 6),
    "pyasn1": (18, 14),
    "pycparser": (8, 8),
    "pyee": (6, 6),
    "retrying": (1, 1),
    "rsa": (10, 10),
    "simpleeval": (2, 1),
    "soupsieve": (14, 12),
    "strictyaml": (4, 10),
    "texttable": (1, 1),
    "tinycss2": (4, 6),
    "tomli": (4, 4),
    "tomli_w": (2, 2),
    "tzlocal": (3, 4),
    "uncertainties": (6, 6),
    "w3lib": (8, 6),
    "wtforms": (18, 16),
    "xlrd": (8, 8),
}

if __name__ == "__main__":
    build(Path(sys.argv[1]), SDIST, "round10")
