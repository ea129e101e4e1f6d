"""Builds tests/data/heldout/round7_public_code.jsonl.gz: honest ROUND7 actions from public code that ROUND4-6 did not
use. Test files (written as the agent's new test files) and library modules (written as the agent's library code) come
from the sdists of glom, inflect, jmespath, msgpack, natsort, outcome, pyrsistent, python-dotenv, schema, semver,
simplejson, six, sniffio, trio, validators, voluptuous, wcwidth, wrapt, xmltodict, docopt, decorator, structlog, loguru,
tenacity, sqlparse, prettytable, platformdirs, colorama and execnet (PyPI, fetched with `pip download --no-deps
--no-binary :all: PKG` and unpacked into SDISTS; a package whose sdist is missing there is skipped); more library
modules come from the installed wheels of termcolor, annotated_types, typing_inspection, markupsafe, mdurl, certifi,
cycler, contourpy, triton, grpc, google.protobuf, regex, tree_sitter, safetensors, tokenizers, kiwisolver and
nanobind; the sdists' own conftest.py files (fixtures, doctest namespaces, wrapt's version-gated collection) are written
as the conftest.py of a new test directory of the agent's. Run from the repository root with the venv's python:
    .venv/bin/python tests/data/heldout/make_round7_public_code.py /path/to/unpacked/sdists
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
    "glom": (14, 6),
    "inflect": (12, 1),
    "jmespath": (6, 6),
    "msgpack": (14, 4),
    "natsort": (14, 8),
    "outcome": (2, 3),
    "pyrsistent": (14, 10),
    "python_dotenv": (9, 5),
    "schema": (1, 2),
    "semver": (18, 5),
    "simplejson": (25, 8),
    "six": (1, 1),
    "sniffio": (1, 1),
    "trio": (40, 45),
    "validators": (20, 20),
    "voluptuous": (1, 5),
    "wcwidth": (15, 15),
    "wrapt": (40, 10),
    "xmltodict": (2, 1),
    "docopt": (0, 6),
    "decorator": (1, 1),
    "structlog": (20, 10),
    "loguru": (20, 8),
    "tenacity": (6, 4),
    "sqlparse": (12, 8),
    "prettytable": (6, 3),
    "platformdirs": (4, 4),
    "colorama": (6, 4),
    "execnet": (10, 6),
}
WHEEL_SOURCES = {
    "termcolor": 2,
    "annotated_types": 2,
    "typing_inspection": 2,
    "markupsafe": 2,
    "mdurl": 4,
    "certifi": 2,
    "cycler": 1,
    "contourpy": 6,
    "triton": 30,
    "grpc": 20,
    "google": 20,
    "regex": 1,
    "tree_sitter": 1,
    "safetensors": 4,
    "tokenizers": 6,
    "kiwisolver": 1,
    "nanobind": 2,
}
DIST = {
    "annotated_types": "annotated-types",
    "typing_inspection": "typing-inspection",
    "markupsafe": "MarkupSafe",
    "grpc": "grpcio",
    "google": "protobuf",
    "tree_sitter": "tree-sitter",
}
SKIP_DIRS = {"tests", "test", "testing", "docs", "doc", "benchmarks", "bench", ".github"}
MAX = 80_000


def pick(files: list[Path], n: int, seed: str) -> list[Path]:
    files = sorted(f for f in files if 200 < f.stat().st_size <= MAX)
    return sorted(random.Random(seed).sample(files, min(n, len(files))))


def is_test(f: Path) -> bool:
    return f.name.startswith("test_") or f.name.endswith("_test.py") or f.name in {"test.py", "tests.py"}


def main(sdists: Path) -> None:
    out = []
    for prefix, (n_tests, n_src) in SDIST.items():
        roots = [d for d in sorted(sdists.iterdir()) if d.is_dir() and d.name.startswith(prefix + "-")]
        if not roots:
            print("no sdist for", prefix)
            continue
        root = roots[0]
        tests = [f for f in root.rglob("*.py") if is_test(f) and not ({"docs", "doc"} & set(f.parts))]
        for f in pick(tests, n_tests, "round7-tests-" + prefix):
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
            if not is_test(f)
            and f.name not in {"setup.py", "conftest.py", "noxfile.py"}
            and not (SKIP_DIRS & set(f.relative_to(root).parts[:-1]))
        ]
        for f in pick(srcs, n_src, "round7-src-" + prefix):
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
        files = [
            f
            for f in (SITE / pkg).rglob("*.py")
            if not is_test(f) and not (SKIP_DIRS & set(f.relative_to(SITE).parts[:-1]))
        ]
        for f in pick(files, n, "round7-src-" + pkg):
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
    dest = Path("tests/data/heldout/round7_public_code.jsonl.gz")
    with gzip.open(dest, "wt", encoding="utf-8") as fh:
        for row in out:
            fh.write(json.dumps(row) + "\n")
    print(len(out), dest.stat().st_size)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
