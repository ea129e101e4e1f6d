"""Builds tests/data/heldout/round6_public_code.jsonl.gz: honest ROUND6 actions from public code that ROUND4 and
ROUND5 did not use. Test files (written as the agent's new test files) come from the sdists of attrs, boltons,
cachetools, freezegun, humanize, more-itertools, parse, responses, tabulate, toolz, marshmallow, itsdangerous, blinker,
jsonschema, arrow, tomlkit, cattrs and python-slugify (PyPI, fetched with `pip download --no-deps --no-binary :all:
PKG` and unpacked into SDISTS) and from mypy's wheel (mypy/test); library modules (written as the agent's library
code) come from the same sdists and from the installed wheels of _pytest, hypothesis, pydantic, httpx, httpcore,
huggingface_hub, fsspec, markdown_it, idna, charset_normalizer, pathspec, shellingham, pip, setuptools, mypy, absl,
podman, pytest_benchmark, scikit_build_core, truststore, importlinter, grimp, fontTools, PIL, transformers,
tensorboard and torchgen; the conftest.py files of attrs and boltons are written as the agent's tests/conftest.py.
Run from the repository root with the venv's python:
    .venv/bin/python tests/data/heldout/make_round6_public_code.py /path/to/unpacked/sdists
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from importlib import metadata
from pathlib import Path

SITE = Path(next(p for p in sys.path if p.endswith("site-packages")))
# sdist name prefix -> (test files, library modules, import package dir inside the sdist)
SDIST = {
    "attrs": (28, 6, "src/attr"),
    "boltons": (25, 10, "boltons"),
    "cachetools": (12, 3, "src/cachetools"),
    "freezegun": (14, 3, "freezegun"),
    "humanize": (7, 3, "src/humanize"),
    "more_itertools": (3, 2, "more_itertools"),
    "parse": (6, 1, "."),
    "responses": (6, 3, "responses"),
    "tabulate": (8, 1, "tabulate"),
    "toolz": (15, 5, "toolz"),
    "marshmallow": (12, 5, "src/marshmallow"),
    "itsdangerous": (4, 3, "src/itsdangerous"),
    "blinker": (3, 2, "src/blinker"),
    "jsonschema": (8, 5, "jsonschema"),
    "arrow": (6, 4, "arrow"),
    "tomlkit": (8, 5, "tomlkit"),
    "cattrs": (25, 8, "src/cattrs"),
    "python_slugify": (5, 2, "slugify"),
}
CONFTESTS = ("attrs", "boltons")  # fixture and collection-config conftests, real ones
WHEEL_TESTS = {"mypy": 8}
WHEEL_SOURCES = {
    "_pytest": 24,
    "hypothesis": 20,
    "pydantic": 14,
    "httpx": 8,
    "httpcore": 8,
    "huggingface_hub": 18,
    "fsspec": 12,
    "markdown_it": 6,
    "idna": 3,
    "charset_normalizer": 4,
    "pathspec": 5,
    "shellingham": 3,
    "pip": 24,
    "setuptools": 16,
    "mypy": 14,
    "absl": 8,
    "podman": 10,
    "pytest_benchmark": 8,
    "scikit_build_core": 8,
    "truststore": 2,
    "importlinter": 6,
    "grimp": 4,
    "fontTools": 12,
    "PIL": 10,
    "transformers": 12,
    "tensorboard": 10,
    "torchgen": 6,
}
DIST = {
    "_pytest": "pytest",
    "markdown_it": "markdown-it-py",
    "charset_normalizer": "charset-normalizer",
    "absl": "absl-py",
    "pytest_benchmark": "pytest-benchmark",
    "scikit_build_core": "scikit-build-core",
    "importlinter": "import-linter",
    "fontTools": "fonttools",
    "PIL": "pillow",
    "torchgen": "torch",
}
MAX = 80_000


def pick(files: list[Path], n: int, seed: str) -> list[Path]:
    files = sorted(f for f in files if 200 < f.stat().st_size <= MAX)
    return sorted(random.Random(seed).sample(files, min(n, len(files))))


def is_test(f: Path) -> bool:
    return f.name.startswith("test_") or f.name.endswith("_test.py")


def main(sdists: Path) -> None:
    out = []
    for prefix, (n_tests, n_src, pkgdir) in SDIST.items():
        root = next(d for d in sorted(sdists.iterdir()) if d.is_dir() and d.name.startswith(prefix + "-"))
        tests = [f for f in root.rglob("*.py") if is_test(f) and "docs" not in f.parts]
        for f in pick(tests, n_tests, "round6-tests-" + prefix):
            rel = f.relative_to(root).as_posix()
            stem = f.stem[5:] if f.stem.startswith("test_") else f.stem[:-5]
            out.append(
                {
                    "action": {
                        "tool": "write_file",
                        "path": "tests/test_" + prefix + "_" + stem + ".py",
                        "content": f.read_text(),
                    },
                    "source": f"{root.name} (PyPI sdist) {rel}, as the agent's new test file",
                }
            )
        base = root / pkgdir
        srcs = [f for f in base.rglob("*.py") if not is_test(f) and not ({"tests", "docs"} & set(f.parts))]
        if pkgdir == ".":
            srcs = [f for f in root.glob("*.py") if not is_test(f) and f.name not in {"setup.py", "conftest.py"}]
        for f in pick(srcs, n_src, "round6-src-" + prefix):
            rel = f.relative_to(root).as_posix()
            out.append(
                {
                    "action": {
                        "tool": "write_file",
                        "path": "src/" + rel.removeprefix("src/"),
                        "content": f.read_text(),
                    },
                    "source": f"{root.name} (PyPI sdist) {rel}, as a library module the agent writes",
                }
            )
    for pkg, n in WHEEL_TESTS.items():
        ver = metadata.version(DIST.get(pkg, pkg))
        files = [f for f in (SITE / pkg).rglob("*.py") if is_test(f)]
        for f in pick(files, n, "round6-wheeltests-" + pkg):
            rel = f.relative_to(SITE).as_posix()
            stem = f.stem[5:] if f.stem.startswith("test_") else f.stem[:-5]
            out.append(
                {
                    "action": {
                        "tool": "write_file",
                        "path": "tests/test_" + pkg + "_" + stem + ".py",
                        "content": f.read_text(),
                    },
                    "source": f"{pkg} {ver} (PyPI wheel) {rel}, as the agent's new test file",
                }
            )
    for pkg, n in WHEEL_SOURCES.items():
        ver = metadata.version(DIST.get(pkg, pkg))
        files = [f for f in (SITE / pkg).rglob("*.py") if not is_test(f) and not ({"tests", "test"} & set(f.parts))]
        for f in pick(files, n, "round6-src-" + pkg):
            rel = f.relative_to(SITE).as_posix()
            out.append(
                {
                    "action": {"tool": "write_file", "path": "src/" + rel, "content": f.read_text()},
                    "source": f"{pkg} {ver} (PyPI wheel) {rel}, as a library module the agent writes",
                }
            )
    for prefix in CONFTESTS:
        root = next(d for d in sorted(sdists.iterdir()) if d.is_dir() and d.name.startswith(prefix + "-"))
        out.append(
            {
                "action": {
                    "tool": "write_file",
                    "path": "tests/conftest.py",
                    "content": (root / "tests" / "conftest.py").read_text(),
                },
                "source": f"{root.name} (PyPI sdist) tests/conftest.py, as the agent's tests/conftest.py (fixtures, "
                "version-dependent collect_ignore)",
            }
        )
    dest = Path("tests/data/heldout/round6_public_code.jsonl.gz")
    with gzip.open(dest, "wt", encoding="utf-8") as fh:
        for row in out:
            fh.write(json.dumps(row) + "\n")
    print(len(out), dest.stat().st_size)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
