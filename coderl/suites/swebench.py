"""Import SWE-bench-format instances (SWE-bench, SWE-Gym, SWE-smith exports) as repository tasks.

Each record names a repository (``owner/name``), a ``base_commit``, the fix (``patch``), the tests that
check it (``test_patch``), the ``FAIL_TO_PASS`` / ``PASS_TO_PASS`` pytest node ids and the
``problem_statement``. Nothing is downloaded: the repository must be a local clone at
``REPOS/owner__name``. A task is written as:

- ``workspace/``: the tree at ``base_commit`` (``git archive``: files only, none of the clone's history;
  the task format makes a new repository of it with one commit, see ``coderl.gitbase``);
- ``hidden/``: the test files the test patch touches or the test ids name, the ``conftest.py`` files
  above them and the rest of their top-level test directory (helpers, data), as they are after the
  test patch, at their repository paths;
- ``solution/``: the files the fix changes, as they are after it (the reference an agent must match);
- ``task.toml``: ``[repo]`` with the test lists, and ``[environment]`` from the record's hints
  (``python``/``python_version``, ``requirements``, a ``setup``/``pre_install`` script) when it has any.

A bad record (invalid JSON, a missing field, a repository that is not there, a commit the clone lacks, a
patch that does not apply, a test id that is not a pytest node id, a tree over the task size limit) is
skipped and reported as ``line N (instance id): what``, like the HumanEval importer does.
"""

from __future__ import annotations

import gzip
import io
import json
import os
import re
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from pathlib import Path, PurePosixPath
from typing import Any

from coderl.suites.generator import toml_string
from coderl.suites.importer import JsonlImportError
from coderl.task import MAX_TASK_BYTES, TaskError, load_task

__all__ = ["import_swebench", "read_records"]

_REPO = re.compile(r"[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+")
_COMMIT = re.compile(r"[0-9a-fA-F]{7,40}")
_BAD_ID = re.compile(r"[^A-Za-z0-9_.-]+")
_GIT_HEADER = re.compile(r"^diff --git a/(\S+) b/(\S+)$", re.MULTILINE)
_DIFF_PATH = re.compile(r"^(?:\+\+\+|---) (?:[ab]/)?(\S+)", re.MULTILINE)


_PROMPT_TAIL = "\n\nThe repository is checked out in the workspace; fix the issue."


class _Skip(ValueError):
    """A record that cannot become a task (the reason is reported with its line)."""


def read_records(path: Path) -> Iterator[tuple[int, Any]]:
    """(line or row number, record) of a JSONL (``.jsonl``, ``.jsonl.gz``) or parquet file; a line that
    is not JSON comes back as the ``_Skip`` explaining it."""
    if path.suffix == ".parquet":
        try:
            import pyarrow.parquet as pq
        except ImportError:
            raise ValueError(f"{path}: reading parquet needs pyarrow (pip install pyarrow)") from None
        try:
            rows = pq.read_table(path).to_pylist()
        except Exception as exc:  # pyarrow raises several types for a file that is not parquet
            raise ValueError(f"{path}: not a readable parquet file: {exc}") from None
        yield from enumerate(rows, 1)
        return
    opener: Any = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rb") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                yield number, json.loads(line.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError) as exc:
                yield number, _Skip(f"not valid JSON: {exc}")


def _text(record: dict[str, Any], name: str, *, required: bool = True) -> str:
    value = record.get(name)
    if value is None or value == "":
        if required:
            raise _Skip(f"missing field {name!r}")
        return ""
    if not isinstance(value, str):
        raise _Skip(f"field {name!r} has type {type(value).__name__}, expected a string")
    return value


def _tests(record: dict[str, Any], name: str) -> list[str]:
    """A test list: a JSON list, or a string holding one (as the SWE-bench datasets store them)."""
    value = record.get(name, [])
    if isinstance(value, str):
        try:
            value = json.loads(value) if value.strip() else []
        except json.JSONDecodeError:
            raise _Skip(f"field {name!r} is a string but not a JSON list") from None
    if hasattr(value, "tolist"):  # a numpy array from a parquet reader
        value = value.tolist()
    if not isinstance(value, list) or not all(isinstance(t, str) and t.strip() for t in value):
        raise _Skip(f"field {name!r} must be a list of test ids")
    for test in value:
        path = test.split("::", 1)[0]
        if "::" not in test or not path.endswith(".py") or path.startswith("/") or ".." in path.split("/"):
            raise _Skip(f"{name} id {test!r} is not a pytest node id (PATH.py::NAME); other runners are not supported")
    return list(value)


def _git(clone: Path, *args: str, stdin: bytes | None = None, cwd: Path | None = None) -> bytes:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "GIT_CONFIG_NOSYSTEM": "1", "HOME": "/nonexistent"}
    argv = ["git", *args] if cwd is not None else ["git", "-C", str(clone), *args]
    proc = subprocess.run(argv, input=stdin, capture_output=True, env=env, cwd=cwd, timeout=300)
    if proc.returncode != 0:
        raise _Skip(f"git {args[0]}: {proc.stderr.decode(errors='replace').strip()[-300:]}")
    return proc.stdout


def _tree_at(clone: Path, commit: str) -> dict[str, bytes]:
    """Regular files of ``commit`` (``git archive``: no history, no links followed out of the tree)."""
    data = _git(clone, "archive", "--format=tar", commit)
    files: dict[str, bytes] = {}
    total = 0
    with tarfile.open(fileobj=io.BytesIO(data)) as archive:
        for member in archive.getmembers():
            if not member.isfile():
                continue
            total += member.size
            if total > MAX_TASK_BYTES:
                raise _Skip(f"the tree at {commit[:12]} exceeds the task size limit ({MAX_TASK_BYTES >> 20} MiB)")
            handle = archive.extractfile(member)
            if handle is not None:
                files[PurePosixPath(member.name).as_posix()] = handle.read()
    return files


def _patched(files: dict[str, bytes], patch: str, what: str) -> dict[str, bytes]:
    """``files`` with ``patch`` applied (``git apply`` in a scratch tree), only the files it touches."""
    headers = _GIT_HEADER.findall(patch)  # git's headers when present: a removed "-- x" line is no path
    touched = {p for pair in headers for p in pair} if headers else set(_DIFF_PATH.findall(patch))
    touched.discard("/dev/null")
    with tempfile.TemporaryDirectory(prefix="coderl-swebench-") as tmp:
        root = Path(tmp)
        for rel in touched:
            if rel in files:
                target = root / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(files[rel])
        try:
            _git(root, "apply", "--whitespace=nowarn", "-", stdin=patch.encode(), cwd=root)
        except _Skip as exc:
            raise _Skip(f"{what} does not apply to base_commit: {exc}") from None
        return {rel: (root / rel).read_bytes() for rel in sorted(touched) if (root / rel).is_file()}


def _test_support(files: dict[str, bytes], paths: set[str]) -> dict[str, bytes]:
    """What the tests at ``paths`` may need beside themselves: the ``conftest.py`` files at or above each,
    and everything under the top-level test directory that holds it (helpers, ``__init__.py``, data
    files), so that the hidden copy runs on its own in the grader's directory."""
    found: dict[str, bytes] = {}
    for path in paths:
        parts = PurePosixPath(path).parts
        if len(parts) > 1:
            found.update({p: d for p, d in files.items() if p.startswith(parts[0] + "/")})
        for parent in PurePosixPath(path).parents:
            name = "conftest.py" if str(parent) == "." else f"{parent}/conftest.py"
            if name in files:
                found[name] = files[name]
    if sum(len(d) for d in found.values()) > MAX_TASK_BYTES:
        raise _Skip(f"the test directories exceed the task size limit ({MAX_TASK_BYTES >> 20} MiB)")
    return found


def _environment(record: dict[str, Any]) -> tuple[list[str], str]:
    """``[environment]`` lines from the record's hints, if it has any, and the setup script's text."""
    python = str(record.get("python") or record.get("python_version") or "")
    requirements = record.get("requirements") or []
    if isinstance(requirements, str):
        requirements = [r.strip() for r in requirements.splitlines() if r.strip() and not r.startswith("#")]
    setup = record.get("setup") or record.get("pre_install") or ""
    if isinstance(setup, list):
        setup = "\n".join(str(s) for s in setup)
    lines = []
    if python:
        lines.append(f"python = {toml_string(python)}")
    if requirements:
        lines.append("requirements = [" + ", ".join(toml_string(str(r)) for r in requirements) + "]")
    if setup:
        lines.append('setup = "setup.sh"')
    return (["", "[environment]", *lines] if lines else []), str(setup)


def _convert(record: dict[str, Any], repos: Path, root: Path, task_id: str) -> None:
    repo = _text(record, "repo")
    if not _REPO.fullmatch(repo):
        raise _Skip(f"repo {repo!r} is not owner/name")
    commit = _text(record, "base_commit")
    if not _COMMIT.fullmatch(commit):
        raise _Skip(f"base_commit {commit!r} is not a commit id")
    patch, test_patch = _text(record, "patch"), _text(record, "test_patch")
    statement = _text(record, "problem_statement")
    f2p, p2p = _tests(record, "FAIL_TO_PASS"), _tests(record, "PASS_TO_PASS")
    if not f2p:
        raise _Skip("FAIL_TO_PASS is empty")
    clone = repos / repo.replace("/", "__")
    if not (clone / ".git").exists() and not (clone / "HEAD").is_file():
        raise _Skip(f"no local clone of {repo} at {clone}")
    base = _tree_at(clone, commit)
    tests = _patched(base, test_patch, "test_patch")
    fixed = _patched(base, patch, "patch")
    after = {**base, **tests}
    named = {t.split("::", 1)[0] for t in (*f2p, *p2p)}
    missing = sorted(n for n in named if n not in after)
    if missing:
        raise _Skip(f"test file {missing[0]} is in neither the base tree nor the test patch")
    hidden = {**_test_support(after, named | set(tests)), **{p: after[p] for p in named}, **tests}
    env, setup = _environment(record)
    # A src/ layout: the packages live under src/, none at the top (the grader adds src/ to the import roots).
    top = {p.split("/", 1)[0] for p in base if "/" in p}
    src = {p.split("/")[1] for p in base if p.startswith("src/") and p.count("/") == 2 and p.endswith("/__init__.py")}
    pythonpath = ['pythonpath = ["src"]'] if src and not src & top else []
    lines = [
        f"id = {toml_string(task_id)}",
        f"prompt = {toml_string(statement.strip() + _PROMPT_TAIL)}",
        'tags = ["repository", "swebench"]',
        f"description = {toml_string(f'{repo} at {commit}')}",
        "",
        "[repo]",
        f"source = {toml_string(repo)}",
        f"base_commit = {toml_string(commit)}",
        "fail_to_pass = [" + ", ".join(toml_string(t) for t in f2p) + "]",
        "pass_to_pass = [" + ", ".join(toml_string(t) for t in p2p) + "]",
        *pythonpath,
        "",
        "[grading]",
        "timeout_s = 600",
        *env,
    ]
    root.mkdir(parents=True)
    (root / "task.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    if setup:
        (root / "setup.sh").write_text(setup + "\n", encoding="utf-8")
    for folder, files in (("workspace", base), ("hidden", hidden), ("solution", fixed)):
        (root / folder).mkdir()
        for rel, data in files.items():
            target = root / folder / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)


def import_swebench(
    path: str | Path,
    out_dir: str | Path,
    repos: str | Path,
    *,
    limit: int | None = None,
    problems: list[str] | None = None,
) -> list[Path]:
    """Write one repository task per good record under ``out_dir``; return the task directories.

    ``repos`` holds the local clones (``owner__name``). Bad records are skipped and described as
    ``line N (instance id): what`` in ``problems``. Raises JsonlImportError when the file holds
    records but none could be imported, ValueError when ``repos`` is not a directory.
    """
    path, out, repos = Path(path), Path(out_dir), Path(repos)
    if not repos.is_dir():
        raise ValueError(f"--repos {repos}: not a directory (it must hold local clones named owner__name)")
    found: list[str] = []
    written: list[Path] = []
    ids: set[str] = set()
    for number, record in read_records(path):
        if limit is not None and len(written) >= limit:
            break
        where = f"line {number}"
        try:
            if isinstance(record, _Skip):
                raise record
            if not isinstance(record, dict):
                raise _Skip(f"expected a JSON object, got {type(record).__name__}")
            instance = _text(record, "instance_id")
            where += f" ({instance})"
            task_id = _BAD_ID.sub("_", instance).strip("_.-")[:120] or f"instance_{number}"
            suffix = 2
            while task_id in ids:
                task_id, suffix = f"{task_id}_{suffix}", suffix + 1
            root = out / task_id
            try:
                _convert(record, repos, root, task_id)
                load_task(root)
            except BaseException:
                if root.exists():
                    shutil.rmtree(root)
                raise
            written.append(root)
            ids.add(task_id)
        except (_Skip, TaskError, OSError, tarfile.TarError, subprocess.TimeoutExpired) as exc:
            found.append(f"{where}: {exc}")
    if problems is not None:
        problems.extend(found)
    if not written and (limit is None or limit > 0):
        raise JsonlImportError(path, found or ["the file holds no records"])
    return written
