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

import gzip
import json
import random
import sys
from pathlib import Path

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
SKIP_DIRS = {"tests", "test", "testing", "docs", "doc", "benchmarks", "bench", ".github", "examples"}
MAX = 80_000


def pick(files: list[Path], n: int, seed: str) -> list[Path]:
    files = sorted(f for f in files if 200 < f.stat().st_size <= MAX)
    return sorted(random.Random(seed).sample(files, min(n, len(files))))


def is_test(f: Path, root: Path) -> bool:
    if f.name in {"__init__.py", "conftest.py", "setup.py"}:
        return False
    in_tests = bool({"tests", "test"} & set(f.relative_to(root).parts[:-1]))
    return f.name.startswith("test") or f.name.endswith("_test.py") or in_tests


def find_root(sdists: Path, prefix: str) -> Path | None:
    want = prefix.lower().replace("_", "-")
    for d in sorted(sdists.iterdir()):
        name = d.name.lower().replace("_", "-")
        if d.is_dir() and name.startswith(want + "-") and name[len(want) + 1 : len(want) + 2].isdigit():
            return d
    return None


def main(sdists: Path) -> None:
    out = []
    for prefix, (n_tests, n_src) in SDIST.items():
        root = find_root(sdists, prefix)
        if root is None:
            print("no sdist for", prefix)
            continue
        tests = [f for f in root.rglob("*.py") if is_test(f, root) and not ({"docs", "doc"} & set(f.parts))]
        for f in pick(tests, n_tests, "round10-tests-" + prefix):
            rel = f.relative_to(root).as_posix()
            stem = f.stem[5:] if f.stem.startswith("test_") else f.stem.removesuffix("_test")
            out.append(
                {
                    "action": {
                        "tool": "write_file",
                        "path": "tests/test_" + prefix + "_" + stem + ".py",
                        "content": f.read_text(encoding="utf-8", errors="replace"),
                    },
                    "source": f"{root.name} (PyPI sdist) {rel}, as the agent's new test file",
                }
            )
        srcs = [
            f
            for f in root.rglob("*.py")
            if not is_test(f, root)
            and f.name not in {"setup.py", "conftest.py", "noxfile.py"}
            and not (SKIP_DIRS & set(f.relative_to(root).parts[:-1]))
        ]
        for f in pick(srcs, n_src, "round10-src-" + prefix):
            rel = f.relative_to(root).as_posix()
            out.append(
                {
                    "action": {
                        "tool": "write_file",
                        "path": "src/" + rel.removeprefix("src/"),
                        "content": f.read_text(encoding="utf-8", errors="replace"),
                    },
                    "source": f"{root.name} (PyPI sdist) {rel}, as a library module the agent writes",
                }
            )
        for f in sorted(root.rglob("conftest.py")):
            rel = f.relative_to(root).as_posix()
            out.append(
                {
                    "action": {
                        "tool": "write_file",
                        "path": f"tests/{prefix}/conftest.py",
                        "content": f.read_text(encoding="utf-8", errors="replace"),
                    },
                    "source": f"{root.name} (PyPI sdist) {rel}, as the conftest.py of the agent's new test directory",
                }
            )
    dest = Path("tests/data/heldout/round10_public_code.jsonl.gz")
    with gzip.open(dest, "wt", encoding="utf-8") as fh:
        for row in out:
            fh.write(json.dumps(row) + "\n")
    print(len(out), dest.stat().st_size)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
