"""Generated families of trivially small tasks, for training demos where reward must rise within minutes.

Each task asks for one line of Python in ``solution.py`` (``f(x)`` returning ``x * 3 + 2``, say), with
constants drawn from a seeded RNG. Prompts and reference solutions follow one fixed template per family,
so a tiny model trained from scratch on CPU can learn the mapping from prompt to code quickly; the
supervised warm start reads the references back with ``reference_solution``.

A family may also return a :class:`GeneratedTask` (several workspace files, a multi-turn reference
demonstration): the ``trail`` family of the critic-vs-GRPO study (:mod:`coderl.suites.trail`) does, and its
demonstration (``demonstration.json`` beside ``task.toml``) is what the warm start learns from
(``reference_demonstration``).
"""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from coderl.task import load_task

__all__ = [
    "DEMONSTRATION_FILE",
    "FAMILIES",
    "GeneratedTask",
    "generate_tasks",
    "reference_demonstration",
    "reference_solution",
    "toml_string",
    "write_task",
]

DEMONSTRATION_FILE = "demonstration.json"  # beside task.toml: the reference episode, step by step

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


@dataclass(frozen=True)
class GeneratedTask:
    """A whole generated task: its files, and the reference episode an expert plays on it.

    ``demonstration`` is a list of (action, observation) pairs, the action as the JSON object the agent
    writes (``{"tool": "read_file", "path": ...}``) and the observation exactly as coderl's tools print it
    (``""`` after ``submit``); the supervised warm start trains on it instead of "write the solution, submit".
    """

    prompt: str
    workspace: dict[str, str]
    hidden: dict[str, str]
    solution: dict[str, str]
    demonstration: list[tuple[dict[str, str], str]]
    tags: list[str] = field(default_factory=list)
    difficulty: str = "easy"


def _trail(rng: random.Random) -> GeneratedTask:
    """The multi-turn ``trail`` family (imported here on use: :mod:`coderl.suites.trail` imports this module)."""
    from coderl.suites.trail import trail_task

    return trail_task(rng)


FAMILIES: dict[str, Callable[[random.Random], _Spec | GeneratedTask]] = {
    "affine": _affine,
    "constant": _constant,
    "concat": _concat,
    "trail": _trail,
}
"""Task families by name: ``affine`` (f(x) = x * a + b), ``constant`` (f() = an int or a word), ``concat``
(f(s) = s + a word), ``trail`` (follow a trail of 0-5 notes to the value f() returns: 2-7 turns, see
:mod:`coderl.suites.trail`)."""


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
        if isinstance(spec, GeneratedTask):
            paths.append(_write_generated(out / task_id, task_id, spec, family, seed, i))
            continue
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


def _write_generated(root: Path, task_id: str, spec: GeneratedTask, family: str, seed: int, index: int) -> Path:
    """Write a :class:`GeneratedTask` and its demonstration (``demonstration.json`` beside ``task.toml``)."""
    write_task(
        root,
        task_id=task_id,
        prompt=spec.prompt,
        workspace=spec.workspace,
        hidden=spec.hidden,
        solution=spec.solution,
        difficulty=spec.difficulty,
        tags=["generated", family, *spec.tags],
        description=f"generated: family {family}, seed {seed}, index {index}",
        timeout_s=30,
    )
    steps = [{"action": action, "observation": observation} for action, observation in spec.demonstration]
    (root / DEMONSTRATION_FILE).write_text(json.dumps({"steps": steps}, indent=1) + "\n", encoding="utf-8")
    return root


def reference_demonstration(task_root: str | Path) -> list[tuple[dict[str, str], str]] | None:
    """The task's reference episode as (action, observation) pairs, or None when it ships none (then the
    warm start writes ``reference_solution`` and submits). A malformed file is a ValueError naming it."""
    path = Path(task_root) / DEMONSTRATION_FILE
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        steps = [(dict(step["action"]), str(step["observation"])) for step in data["steps"]]
    except (ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"{path}: not a demonstration ({type(exc).__name__}: {exc})") from None
    if not steps or any(not isinstance(action.get("tool"), str) for action, _ in steps):
        raise ValueError(f"{path}: not a demonstration (no steps, or a step without a tool)")
    return steps


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
