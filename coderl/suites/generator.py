"""Generated families of trivially small tasks, for training demos where reward must rise within minutes.

Each task asks for one line of Python in ``solution.py`` (``f(x)`` returning ``x * 3 + 2``, say), with
constants drawn from a seeded RNG. Prompts and reference solutions follow one fixed template per family,
so a tiny model trained from scratch on CPU can learn the mapping from prompt to code quickly; the
supervised warm start reads the references back with ``reference_solution``.
"""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from coderl.task import load_task

__all__ = ["FAMILIES", "generate_tasks", "reference_solution", "toml_string", "write_task"]

_WORDS = (
    "apple", "bird", "cloud", "delta", "ember", "frost", "grape", "harbor", "iris", "jade",
    "kite", "lemon", "maple", "north", "ocean", "pearl", "quartz", "river", "stone", "tiger",
)  # fmt: skip


@dataclass(frozen=True)
class _Spec:
    """One generated task: prompt, the call's parameter names, reference body, and (args, expected) cases."""

    prompt: str
    params: str
    body: str
    cases: list[tuple[tuple[Any, ...], Any]]


def _affine(rng: random.Random) -> _Spec:
    a, b = rng.randint(2, 9), rng.randint(0, 9)
    cases = [((x,), x * a + b) for x in (0, 1, 2, 3, 5, -4, 10, 57)]
    return _Spec(f"Write solution.py defining f(x) that returns x * {a} + {b}.", "x", f"x * {a} + {b}", cases)


def _constant(rng: random.Random) -> _Spec:
    value: int | str = rng.randint(0, 99) if rng.random() < 0.5 else rng.choice(_WORDS)
    return _Spec(f"Write solution.py defining f() that returns {value!r}.", "", repr(value), [((), value)])


def _concat(rng: random.Random) -> _Spec:
    suffix = rng.choice(_WORDS)
    cases = [((s,), s + suffix) for s in ("", "a", "hello", "x y", "123")]
    return _Spec(f"Write solution.py defining f(s) that returns s + {suffix!r}.", "s", f"s + {suffix!r}", cases)


FAMILIES: dict[str, Callable[[random.Random], _Spec]] = {
    "affine": _affine,
    "constant": _constant,
    "concat": _concat,
}
"""Task families by name: ``affine`` (f(x) = x * a + b), ``constant`` (f() = an int or a word), ``concat``
(f(s) = s + a word)."""


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string (JSON's escapes are valid TOML; DEL must be escaped too)."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def write_task(
    root: Path,
    *,
    task_id: str,
    prompt: str,
    workspace: dict[str, str],
    hidden: dict[str, str],
    solution: dict[str, str],
    difficulty: str | None = None,
    tags: list[str] | None = None,
    description: str | None = None,
    timeout_s: float = 60.0,
) -> Path:
    """Write one task directory at ``root`` (replacing an earlier task there) and validate it with load_task."""
    if root.exists():
        if not (root / "task.toml").is_file() and any(root.iterdir()):
            raise FileExistsError(f"{root} exists and is not a task directory; not overwriting it")
        shutil.rmtree(root)
    lines = [f"id = {toml_string(task_id)}", f"prompt = {toml_string(prompt)}"]
    if difficulty is not None:
        lines.append(f"difficulty = {toml_string(difficulty)}")
    if tags is not None:
        lines.append("tags = [" + ", ".join(toml_string(t) for t in tags) + "]")
    if description is not None:
        lines.append(f"description = {toml_string(description)}")
    lines += ["", "[grading]", 'command = "python -m pytest -q"', f"timeout_s = {timeout_s:g}", 'reward = "all"']
    root.mkdir(parents=True)
    (root / "task.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    for folder, files in (("workspace", workspace), ("hidden", hidden), ("solution", solution)):
        (root / folder).mkdir()
        for rel, text in files.items():
            path = root / folder / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    load_task(root)
    return root


def _hidden_test(cases: list[tuple[tuple[Any, ...], Any]]) -> str:
    rows = "".join(f"        ({args!r}, {expected!r}),\n" for args, expected in cases)
    return (
        "import pytest\n"
        "from solution import f\n\n\n"
        f'@pytest.mark.parametrize(\n    "args, expected",\n    [\n{rows}    ],\n)\n'
        "def test_f(args, expected):\n"
        "    assert f(*args) == expected\n"
    )


def generate_tasks(out_dir: str | Path, n: int, seed: int = 0, family: str = "affine") -> list[Path]:
    """Write ``n`` tasks of ``family`` under ``out_dir`` (ids ``{family}_s{seed}_{i:04d}``); return their dirs.

    The same (family, seed) always gives the same tasks, and a smaller ``n`` gives a prefix of a larger one.
    """
    if family not in FAMILIES:
        raise ValueError(f"unknown task family {family!r} (known: {', '.join(sorted(FAMILIES))})")
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    rng = random.Random(f"coderl-{family}-{seed}")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for i in range(n):
        spec = FAMILIES[family](rng)
        task_id = f"{family}_s{seed}_{i:04d}"
        paths.append(
            write_task(
                out / task_id,
                task_id=task_id,
                prompt=spec.prompt,
                workspace={"solution.py": f"def f({spec.params}):\n    raise NotImplementedError\n"},
                hidden={"test_hidden.py": _hidden_test(spec.cases)},
                solution={"solution.py": f"def f({spec.params}):\n    return {spec.body}\n"},
                difficulty="easy",
                tags=["generated", family],
                description=f"generated: family {family}, seed {seed}, index {i}",
                timeout_s=30,
            )
        )
    return paths


def reference_solution(task_root: str | Path) -> dict[str, str]:
    """The files of a task's ``solution/`` directory (path: text): the target of a supervised warm start."""
    solution = Path(task_root) / "solution"
    if not solution.is_dir():
        raise FileNotFoundError(f"{task_root}: the task has no solution/ directory")
    return {
        path.relative_to(solution).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(solution.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }
