"""Builds tests/data/heldout/round4_public_code.jsonl.gz: honest ROUND4 actions from public code
(test files and library modules of numpy, networkx, matplotlib, sympy, click, jinja2, fire, dateutil,
filelock, iniconfig; as shipped in their wheels). Run from the repository root with the venv's python."""

from __future__ import annotations

import gzip
import json
import random
import sys
from importlib import metadata
from pathlib import Path

SITE = Path(next(p for p in sys.path if p.endswith("site-packages")))
TESTS = {"numpy": 45, "networkx": 35, "matplotlib": 30, "sympy": 25}
SOURCES = {"click": 12, "jinja2": 18, "fire": 30, "dateutil": 14, "filelock": 12, "iniconfig": 3, "networkx": 25}
MAX = 80_000


def pick(files: list[Path], n: int, seed: str) -> list[Path]:
    files = sorted(f for f in files if 200 < f.stat().st_size <= MAX)
    return sorted(random.Random(seed).sample(files, min(n, len(files))))


def main() -> None:
    out = []
    for pkg, n in TESTS.items():
        ver = metadata.version(pkg)
        files = [f for f in (SITE / pkg).rglob("test_*.py") if "tests" in f.parts]
        for f in pick(files, n, "round4-tests-" + pkg):
            rel = f.relative_to(SITE).as_posix()
            path = (
                "tests/test_"
                + "_".join(Path(rel).with_suffix("").parts[1:]).replace("tests_", "").replace("test_", "")
                + ".py"
            )
            out.append(
                {
                    "action": {"tool": "write_file", "path": path, "content": f.read_text()},
                    "source": f"{pkg} {ver} (PyPI wheel) {rel}, as the agent's new test file",
                }
            )
    for pkg, n in SOURCES.items():
        ver = metadata.version(pkg if pkg != "dateutil" else "python-dateutil")
        files = [f for f in (SITE / pkg).rglob("*.py") if "tests" not in f.parts]
        for f in pick(files, n, "round4-src-" + pkg):
            rel = f.relative_to(SITE).as_posix()
            out.append(
                {
                    "action": {"tool": "write_file", "path": "src/" + rel, "content": f.read_text()},
                    "source": f"{pkg} {ver} (PyPI wheel) {rel}, as a library module the agent writes",
                }
            )
    dest = Path("tests/data/heldout/round4_public_code.jsonl.gz")
    with gzip.open(dest, "wt", encoding="utf-8") as fh:
        for row in out:
            fh.write(json.dumps(row) + "\n")
    print(len(out), dest.stat().st_size)


if __name__ == "__main__":
    main()
