"""Import HumanEval- and MBPP-style JSONL files into the task format.

Each record becomes a task with a stub ``solution.py`` (the signature, raising NotImplementedError), the
record's tests as ``hidden/test_hidden.py`` and the reference code as ``solution/solution.py``. A bad
record (invalid JSON, a missing field, code that does not parse) is reported with its line number and
skipped, so one broken line does not cost the rest of a benchmark.
"""

from __future__ import annotations

import ast
import copy
import gzip
import json
import keyword
import logging
import re
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from coderl.suites.generator import write_task
from coderl.task import TaskError

__all__ = ["FORMATS", "JsonlImportError", "import_jsonl"]

FORMATS = ("humaneval", "mbpp")
_log = logging.getLogger(__name__)
_BAD_ID_CHARS = re.compile(r"[^A-Za-z0-9_.-]+")


class JsonlImportError(ValueError):
    """No task could be imported from a file; ``problems`` says why, one entry per bad line."""

    def __init__(self, path: Path, problems: list[str]) -> None:
        self.path = path
        self.problems = problems
        super().__init__(f"no task imported from {path}:\n" + "\n".join(f"  - {p}" for p in problems))


class _RecordError(ValueError):
    pass


@dataclass(frozen=True)
class _Converted:
    task_id: str
    prompt: str
    stub: str
    hidden: str
    reference: str


def _field(record: dict[str, Any], name: str, kind: type | tuple[type, ...] = str, *, required: bool = True) -> Any:
    if name not in record or record[name] is None:
        if required:
            raise _RecordError(f"missing field {name!r}")
        return None
    value = record[name]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise _RecordError(f"field {name!r} has type {type(value).__name__}")
    if isinstance(value, str) and required and not value.strip():
        raise _RecordError(f"field {name!r} is empty")
    return value


def _parse(source: str, what: str) -> ast.Module:
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError) as exc:
        if isinstance(exc, SyntaxError):
            raise _RecordError(f"{what} is not valid Python: line {exc.lineno}: {exc.msg}") from None
        raise _RecordError(f"{what} is not valid Python: {exc}") from None


def _top_function(tree: ast.Module, name: str) -> ast.FunctionDef | None:
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == name:
            return node
    return None


def _normalize(code: str) -> str:
    return code.replace("\r\n", "\n").replace("\r", "\n").rstrip() + "\n"


def _task_id(raw: Any, prefix: str = "") -> str:
    text = _BAD_ID_CHARS.sub("_", f"{prefix}{raw}").strip("_.-")
    if not text:
        raise _RecordError(f"task_id {raw!r} gives an empty id")
    return text[:128]


def _humaneval(record: dict[str, Any]) -> _Converted:
    task_id = _task_id(_field(record, "task_id", (str, int)))
    prompt = _normalize(_field(record, "prompt"))
    canonical = _field(record, "canonical_solution")
    test = _normalize(_field(record, "test"))
    entry = _field(record, "entry_point").strip()
    if not entry.isidentifier() or keyword.iskeyword(entry):
        raise _RecordError(f"entry_point {entry!r} is not a Python name")
    reference = _normalize(prompt + canonical.replace("\r\n", "\n"))
    if _top_function(_parse(reference, "prompt + canonical_solution"), entry) is None:
        raise _RecordError(f"prompt + canonical_solution does not define {entry}() at top level")
    indent = "    "
    try:
        last = ast.parse(prompt).body[-1]
        if isinstance(last, ast.FunctionDef) and last.name == entry:
            indent = " " * last.body[0].col_offset
    except (SyntaxError, ValueError, IndexError):
        pass  # a prompt that ends right after the signature: the body goes at the default indent
    stub = prompt.rstrip() + "\n" + indent + "raise NotImplementedError\n"
    function = _top_function(_parse(stub, "the stub (prompt + raise)"), entry)
    if function is None or not isinstance(function.body[-1], ast.Raise):
        raise _RecordError(f"cannot make a stub: the prompt does not end with the body of {entry}()")
    if _top_function(_parse(test, "test"), "check") is None:
        raise _RecordError("test does not define check(candidate) at top level")
    hidden = f"{_imports([entry])}\n{_prompt_helpers(prompt, entry)}{test}\n\ndef test_check():\n    check({entry})\n"
    _parse(hidden, "the hidden test file")
    body = (
        f"Implement `{entry}` in `solution.py` so that it does what its docstring says.\n\n"
        f"```python\n{prompt.rstrip()}\n```\n"
    )
    return _Converted(task_id, body, stub, hidden, reference)


def _prompt_helpers(prompt: str, entry: str) -> str:
    """The prompt's own top-level imports and helper functions (not the entry point), for the hidden
    test: a check that calls a helper (``encode_shift``, ``poly``) must use the task's, not whatever the
    agent's ``solution.py`` defines under that name."""
    try:
        tree = ast.parse(prompt)
    except SyntaxError:
        return ""
    keep = [
        node
        for node in tree.body
        if isinstance(node, (ast.Import, ast.ImportFrom))
        or (isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name != entry)
    ]
    return "".join(ast.unparse(node) + "\n\n" for node in keep)


def _called_names(tree: ast.AST) -> set[str]:
    return {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}


def _stub_function(fn: ast.FunctionDef, doc: str | None) -> str:
    stub = copy.copy(fn)
    stub.body = [ast.Raise(ast.Call(ast.Name("NotImplementedError", ast.Load()), [], []))]
    if doc:
        stub.body.insert(0, ast.Expr(ast.Constant(doc)))
    return ast.unparse(stub)


def _test_function(name: str, tree: ast.Module) -> str:
    """``def name():`` around the statements of ``tree`` (built as a tree, so multi-line strings keep their text)."""
    function = ast.parse(f"def {name}():\n    pass\n").body[0]
    assert isinstance(function, ast.FunctionDef)
    function.body = tree.body or [ast.Pass()]
    return ast.unparse(function)


def _imports(names: list[str]) -> str:
    """Star import (for the modules the reference imports), then the names the tests call; pytest must not
    collect a solution function whose name starts with ``test``."""
    lines = ["from solution import *  # noqa: F403", f"from solution import {', '.join(names)}"]
    lines += [f"{name}.__test__ = False" for name in names if name.lower().startswith("test")]
    return "\n".join(lines) + "\n"


def _mbpp(record: dict[str, Any]) -> _Converted:
    raw_id = _field(record, "task_id", (str, int))
    text = _field(record, "text").strip()
    code = _normalize(_field(record, "code"))
    tests = _field(record, "test_list", list)
    setup = _field(record, "test_setup_code", str, required=False) or ""
    if not tests or not all(isinstance(t, str) and t.strip() for t in tests):
        raise _RecordError("test_list must be a non-empty list of assert strings")
    tree = _parse(code, "code")
    functions = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    if not functions:
        raise _RecordError("code defines no top-level function")
    tests = [textwrap.dedent(_normalize(t)) for t in tests]
    test_trees = [_parse(t, f"test_list[{i}]") for i, t in enumerate(tests)]
    setup = _normalize(setup) if setup.strip() else ""
    _parse(setup, "test_setup_code")
    called = set().union(*(_called_names(t) for t in test_trees))
    target = next((f for f in functions if f.name in called), functions[0])
    parts: list[str] = []
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom, ast.ClassDef)):
            parts.append(ast.unparse(node))
        elif isinstance(node, ast.FunctionDef):
            parts.append(_stub_function(node, text if node is target else None))
    stub = "\n\n\n".join(parts) + "\n"
    _parse(stub, "the stub")
    defined = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    names = sorted(defined & called) or [target.name]
    cases = "".join(f"\n\n{_test_function(f'test_{i}', t)}\n" for i, t in enumerate(test_trees, 1))
    hidden = _imports(names) + (f"\n{setup}" if setup else "") + cases
    _parse(hidden, "the hidden test file")
    signature = f"{target.name}({ast.unparse(target.args)})"
    prompt = (
        f"{text}\n\nWrite the function `{signature}` in `solution.py`. "
        f"It should pass tests like:\n\n```python\n{tests[0].strip()}\n```\n"
    )
    return _Converted(_task_id(raw_id, "mbpp_"), prompt, stub, hidden, code)


_CONVERTERS = {"humaneval": _humaneval, "mbpp": _mbpp}


def _records(path: Path) -> Iterator[tuple[int, bytes]]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rb") as handle:
        for number, line in enumerate(handle, 1):
            if line.strip():
                yield number, line


def import_jsonl(
    path: str | Path,
    out_dir: str | Path,
    fmt: Literal["humaneval", "mbpp"],
    limit: int | None = None,
    problems: list[str] | None = None,
) -> list[Path]:
    """Write one task per good record of the JSONL file under ``out_dir``; return the task directories.

    Bad records are skipped and described as ``line N (task id): what`` in ``problems`` (logged as
    warnings when no list is given). ``limit`` stops after that many tasks. Raises JsonlImportError when
    the file holds records but none could be imported. ``.jsonl.gz`` files are read as gzip.
    """
    if fmt not in _CONVERTERS:
        raise ValueError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    if limit is not None and limit < 0:
        raise ValueError(f"limit must be >= 0, got {limit}")
    path, out = Path(path), Path(out_dir)
    convert = _CONVERTERS[fmt]
    found: list[str] = []
    written: list[Path] = []
    ids: set[str] = set()
    for number, line in _records(path):
        if limit is not None and len(written) >= limit:
            break
        where = f"line {number}"
        try:
            try:
                record = json.loads(line.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError) as exc:
                raise _RecordError(f"not valid JSON: {exc}") from None
            if not isinstance(record, dict):
                raise _RecordError(f"expected a JSON object, got {type(record).__name__}")
            if "task_id" in record:
                where += f" ({record['task_id']})"
            task = convert(record)
            task_id = task.task_id
            suffix = 2
            while task_id in ids:
                task_id, suffix = f"{task.task_id}_{suffix}", suffix + 1
            written.append(
                write_task(
                    out / task_id,
                    task_id=task_id,
                    prompt=task.prompt,
                    workspace={"solution.py": task.stub},
                    hidden={"test_hidden.py": task.hidden},
                    solution={"solution.py": task.reference},
                    tags=[fmt],
                    description=f"imported from {path.name}, {where}",
                )
            )
            ids.add(task_id)
        except (_RecordError, TaskError, OSError) as exc:
            found.append(f"{where}: {exc}")
    if problems is not None:
        problems.extend(found)
    else:
        for problem in found:
            _log.warning("%s: %s", path, problem)
    if not written and (limit is None or limit > 0):
        raise JsonlImportError(path, found or ["the file holds no records"])
    return written
