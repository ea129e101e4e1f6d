"""Builds tests/data/heldout/round8_public_code.jsonl.gz: honest ROUND8 actions from public code that ROUND4-7 did not
use. Test files (written as the agent's new test files) and library modules (written as the agent's library code) come
from the sdists of addict, asttokens, backoff, bleach, bottle, cloudpickle, cssselect, deepdiff, dill, executing,
funcy, icecream, invoke, isodate, jsonpatch, jsonpointer, mccabe, mistune, mock, munch, ordered-set, parso, pexpect,
ptyprocess, pure_eval, pycodestyle, pyflakes, pyjwt, pyperclip, python-box, pytz, rfc3986, sh, tblib, tinydb, toml and
webencodings (PyPI, fetched with `pip download --no-deps --no-binary :all: PKG` and unpacked into SDISTS; a package
whose sdist is missing there is skipped). Several are near misses on purpose: executing, pure_eval, icecream, asttokens
and tblib read frames and tracebacks, mock patches objects, pexpect/ptyprocess/sh/invoke spawn processes and exit,
bottle serves HTTP, dill and cloudpickle pickle code objects. More library modules come from the installed wheels of
httpx2, httpcore2, pydantic_core, annotated_doc, cpuinfo and mypy_extensions; the sdists' own conftest.py files are
written as the conftest.py of a new test directory of the agent's. Run from the repository root with the venv's python:
    .venv/bin/python tests/data/heldout/make_round8_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from importlib import metadata
from pathlib import Path

SITE = Path(next(p for p in sys.path if p.endswith("site-packages")))
# sdist name prefix -> (test files, library modules)
SDIST = {
    "addict": (1, 2),
    "asttokens": (8, 6),
    "backoff": (4, 6),
    "bleach": (7, 10),
    "bottle": (18, 2),
    "cloudpickle": (4, 2),
    "cssselect": (1, 3),
    "deepdiff": (25, 20),
    "dill": (25, 12),
    "executing": (5, 6),
    "funcy": (12, 12),
    "icecream": (3, 2),
    "invoke": (24, 24),
    "isodate": (6, 8),
    "jsonpatch": (1, 1),
    "jsonpointer": (1, 1),
    "mccabe": (1, 1),
    "mistune": (12, 25),
    "mock": (12, 4),
    "munch": (3, 2),
    "ordered-set": (1, 1),
    "parso": (22, 22),
    "pexpect": (25, 12),
    "ptyprocess": (4, 4),
    "pure_eval": (3, 4),
    "pycodestyle": (8, 1),
    "pyflakes": (12, 8),
    "pyjwt": (10, 10),
    "pyperclip": (1, 1),
    "python_box": (12, 8),
    "pytz": (3, 3),
    "rfc3986": (9, 12),
    "sh": (1, 1),
    "tblib": (5, 3),
    "tinydb": (7, 8),
    "toml": (2, 3),
    "webencodings": (1, 2),
}
WHEEL_SOURCES = {
    "httpx2": 10,
    "httpcore2": 10,
    "pydantic_core": 3,
    "annotated_doc": 1,
    "cpuinfo": 1,
    "mypy_extensions": 1,
}
DIST = {"httpx2": "httpx2", "httpcore2": "httpcore2", "pydantic_core": "pydantic-core", "cpuinfo": "py-cpuinfo"}
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


def main(sdists: Path) -> None:
    out = []
    for prefix, (n_tests, n_src) in SDIST.items():
        roots = [d for d in sorted(sdists.iterdir()) if d.is_dir() and d.name.startswith(prefix + "-")]
        if not roots:
            print("no sdist for", prefix)
            continue
        root = roots[0]
        tests = [f for f in root.rglob("*.py") if is_test(f, root) and not ({"docs", "doc"} & set(f.parts))]
        for f in pick(tests, n_tests, "round8-tests-" + prefix):
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
        for f in pick(srcs, n_src, "round8-src-" + prefix):
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
    for pkg, n in WHEEL_SOURCES.items():
        ver = metadata.version(DIST.get(pkg, pkg))
        base = SITE / pkg
        files = [base.with_suffix(".py")] if not base.is_dir() else list(base.rglob("*.py"))
        files = [f for f in files if not (SKIP_DIRS & set(f.relative_to(SITE).parts[:-1]))]
        for f in pick(files, n, "round8-src-" + pkg):
            rel = f.relative_to(SITE).as_posix()
            out.append(
                {
                    "action": {
                        "tool": "write_file",
                        "path": "src/" + rel,
                        "content": f.read_text(encoding="utf-8", errors="replace"),
                    },
                    "source": f"{pkg} {ver} (PyPI wheel) {rel}, as a library module the agent writes",
                }
            )
    dest = Path("tests/data/heldout/round8_public_code.jsonl.gz")
    with gzip.open(dest, "wt", encoding="utf-8") as fh:
        for row in out:
            fh.write(json.dumps(row) + "\n")
    print(len(out), dest.stat().st_size)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
