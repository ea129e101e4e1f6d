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

import gzip
import json
import random
import sys
from pathlib import Path

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
        for f in pick(tests, n_tests, "round9-tests-" + prefix):
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
        for f in pick(srcs, n_src, "round9-src-" + prefix):
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
    dest = Path("tests/data/heldout/round9_public_code.jsonl.gz")
    with gzip.open(dest, "wt", encoding="utf-8") as fh:
        for row in out:
            fh.write(json.dumps(row) + "\n")
    print(len(out), dest.stat().st_size)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
