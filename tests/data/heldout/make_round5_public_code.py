"""Builds tests/data/heldout/round5_public_code.jsonl.gz: honest ROUND5 actions from public code that ROUND4 did
not use (test files of mpmath and torch, and modules of rich, pygments, packaging, requests, werkzeug, markdown,
tqdm, typer, pluggy, sortedcontainers, urllib3, pyparsing, h11, anyio and yaml; as shipped in their wheels).
Run from the repository root with the venv's python."""

from __future__ import annotations

import gzip
import json
import random
import sys
from importlib import metadata
from pathlib import Path

SITE = Path(next(p for p in sys.path if p.endswith("site-packages")))
TESTS = {"mpmath": 25, "torch": 7}
SOURCES = {
    "rich": 20,
    "pygments": 12,
    "packaging": 8,
    "requests": 10,
    "werkzeug": 14,
    "markdown": 10,
    "tqdm": 8,
    "typer": 8,
    "pluggy": 5,
    "sortedcontainers": 3,
    "urllib3": 10,
    "pyparsing": 6,
    "h11": 5,
    "anyio": 10,
    "yaml": 5,
}
DIST = {"yaml": "pyyaml", "markdown": "Markdown"}
MAX = 80_000


def pick(files: list[Path], n: int, seed: str) -> list[Path]:
    files = sorted(f for f in files if 200 < f.stat().st_size <= MAX)
    return sorted(random.Random(seed).sample(files, min(n, len(files))))


def main() -> None:
    out = []
    for pkg, n in TESTS.items():
        ver = metadata.version(pkg)
        files = [f for f in (SITE / pkg).rglob("test_*.py") if any("test" in part for part in f.parts[:-1])]
        for f in pick(files, n, "round5-tests-" + pkg):
            rel = f.relative_to(SITE).as_posix()
            out.append(
                {
                    "action": {
                        "tool": "write_file",
                        "path": "tests/test_" + pkg + "_" + f.stem[5:] + ".py",
                        "content": f.read_text(),
                    },
                    "source": f"{pkg} {ver} (PyPI wheel) {rel}, as the agent's new test file",
                }
            )
    for pkg, n in SOURCES.items():
        ver = metadata.version(DIST.get(pkg, pkg))
        files = [f for f in (SITE / pkg).rglob("*.py") if "tests" not in f.parts]
        for f in pick(files, n, "round5-src-" + pkg):
            rel = f.relative_to(SITE).as_posix()
            out.append(
                {
                    "action": {"tool": "write_file", "path": "src/" + rel, "content": f.read_text()},
                    "source": f"{pkg} {ver} (PyPI wheel) {rel}, as a library module the agent writes",
                }
            )
    dest = Path("tests/data/heldout/round5_public_code.jsonl.gz")
    with gzip.open(dest, "wt", encoding="utf-8") as fh:
        for row in out:
            fh.write(json.dumps(row) + "\n")
    print(len(out), dest.stat().st_size)


if __name__ == "__main__":
    main()
