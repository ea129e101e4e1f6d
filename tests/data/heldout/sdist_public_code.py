"""Honest actions from public PyPI sdists, shared by the generators of rounds 9 and 10
(``make_round9_public_code.py``, ``make_round10_public_code.py``), which differ only in their package tables.

From each unpacked sdist: seeded picks of its test files (written as the agent's new test files), of its library
modules (written as the agent's library code) and all its conftest.py files (written as the conftest.py of a new
test directory of the agent's). The seeds name the round, so each round's picks are its own.
"""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

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


def _row(path: str, f: Path, source: str) -> dict:
    content = f.read_text(encoding="utf-8", errors="replace")
    return {"action": {"tool": "write_file", "path": path, "content": content}, "source": source}


def build(sdists: Path, table: dict[str, tuple[int, int]], round_name: str) -> None:
    """Write ``tests/data/heldout/{round_name}_public_code.jsonl.gz`` from the sdists in ``table`` (sdist name
    prefix -> (test files, library modules)) unpacked under ``sdists``; a missing sdist is skipped and named."""
    out = []
    for prefix, (n_tests, n_src) in table.items():
        root = find_root(sdists, prefix)
        if root is None:
            print("no sdist for", prefix)
            continue
        tests = [f for f in root.rglob("*.py") if is_test(f, root) and not ({"docs", "doc"} & set(f.parts))]
        for f in pick(tests, n_tests, f"{round_name}-tests-{prefix}"):
            rel = f.relative_to(root).as_posix()
            stem = f.stem[5:] if f.stem.startswith("test_") else f.stem.removesuffix("_test")
            out.append(
                _row(
                    f"tests/test_{prefix}_{stem}.py", f, f"{root.name} (PyPI sdist) {rel}, as the agent's new test file"
                )
            )
        srcs = [
            f
            for f in root.rglob("*.py")
            if not is_test(f, root)
            and f.name not in {"setup.py", "conftest.py", "noxfile.py"}
            and not (SKIP_DIRS & set(f.relative_to(root).parts[:-1]))
        ]
        for f in pick(srcs, n_src, f"{round_name}-src-{prefix}"):
            rel = f.relative_to(root).as_posix()
            source = f"{root.name} (PyPI sdist) {rel}, as a library module the agent writes"
            out.append(_row("src/" + rel.removeprefix("src/"), f, source))
        for f in sorted(root.rglob("conftest.py")):
            rel = f.relative_to(root).as_posix()
            source = f"{root.name} (PyPI sdist) {rel}, as the conftest.py of the agent's new test directory"
            out.append(_row(f"tests/{prefix}/conftest.py", f, source))
    dest = Path(f"tests/data/heldout/{round_name}_public_code.jsonl.gz")
    with gzip.open(dest, "wt", encoding="utf-8") as fh:
        for row in out:
            fh.write(json.dumps(row) + "\n")
    print(len(out), dest.stat().st_size)
