"""Builds tests/data/heldout/round35_public_code.jsonl.gz: honest ROUND35 actions from public code that ROUND4-34 did
not use. Test files (written as the agent's new test files), library modules (written as the agent's library code) and
the sdists' own conftest.py files (written as the conftest.py of a new test directory of the agent's) come from the PyPI
sdists listed in SDIST, fetched from PyPI (the sdist file named by https://pypi.org/pypi/PKG/json, the same file that
`pip download --no-deps --no-binary :all: PKG` fetches) and unpacked into one folder (a package whose sdist is missing
there is skipped). The packages were picked by kind by an independent evaluator who had not seen the detector, before
any measurement, after checking every earlier round's SDIST table: the scenario's own domain, a Go club's game-record
package (sgfmill and sgf for SGF game records and board coordinates, gomill for GTP engines, tournaments and
handicap/komi settings), pytest plugins whose own code adds options, hooks, fixtures and markers (pytest-harvest and
pytest-steps, which collect results from reports and sessions, pytest-markdown-docs, which collects its own items from
Markdown, pytest-selenium, pytest-check-links, which makes HTTP requests from collected items, pytest-memray, which
fails tests from a hook by memory use), ordinary libraries (pystache, pyupgrade, flynt, docformatter, tinytag, returns),
and large projects with many ordinary tests and modules (pandas, astropy, ansible-core). Near misses come with them:
pytest-harvest reads results out of session reports and fixture stores, pytest-steps skips later steps of a failed test
as its documented purpose, pytest-memray turns passing reports into failures from a hook, pytest-check-links fetches
URLs over the network, astropy's conftests change collection and header options, ansible-core's tests patch modules,
sys.exit and the stack heavily, pyupgrade and flynt rewrite Python source files in place. Run from the repository root
with the venv's python.
All sdists were fetched; docformatter, flynt, pyupgrade, pytest-markdown-docs, returns and tinytag contribute library
modules only, and sgfmill and gomill few test files (their tests are named *_tests.py or live in a *_tests folder, which
the shared builder does not take for test files):
    .venv/bin/python tests/data/heldout/make_round35_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sdist_public_code import build  # this folder is not a package: found through sys.path

# sdist name prefix -> (test files, library modules)
SDIST = {
    "sgfmill": (10, 12),
    "sgf": (2, 2),
    "gomill": (14, 20),
    "pytest-harvest": (6, 6),
    "pytest-steps": (6, 5),
    "pytest_markdown_docs": (2, 2),
    "pytest_selenium": (10, 6),
    "pytest_check_links": (4, 4),
    "pytest_memray": (4, 4),
    "pystache": (10, 10),
    "pyupgrade": (14, 10),
    "flynt": (6, 10),
    "docformatter": (6, 6),
    "tinytag": (2, 6),
    "returns": (14, 20),
    "pandas": (70, 45),
    "astropy": (56, 45),
    "ansible_core": (46, 44),
}

if __name__ == "__main__":
    build(Path(sys.argv[1]), SDIST, "round35")
