"""The ``trail`` task family: multi-turn tasks whose length varies and whose observations matter.

Each task asks for ``solution.py`` defining ``f()`` that returns a value (an integer from 10 to 99) which is not
in the prompt: the prompt names a first note, each note (``<name>.txt``) ends with the name of the next note, and
the last one ends with the answer. A task has 0 to 5 notes on its trail, so the shortest episode that solves it
takes ``hops + 2`` turns (read each note, write the solution, submit): 2 to 7. A task with no notes states its
value in the prompt (the one-turn-then-submit shape of the demo's families). The notes also carry one to three
short lines of log-like filler before their last line, so every read returns an observation that the policy
must read (copy a name or a value out of it) but that GAE skips, and two decoy notes per task end with wrong
answers, so a mis-copied path can lead to a wrong value rather than only to a missing file.

What the family is for: a controlled comparison of advantage estimators on uneven multi-turn trajectories
(``benchmarks/study_critic_vs_grpo.py``). A tiny policy learns it after a short supervised warm start on the
tasks' reference demonstrations (``demonstration.json``, read with
:func:`coderl.suites.generator.reference_demonstration`): it has to learn to copy a path or a value from the
last observation into its next call; long trails give it more chances to slip, so the pass rate falls with
the number of hops and there is credit to assign to one turn among many.

``generate_tasks(out, n, seed, family="trail")`` (or ``[tasks] generate_family = "trail"``) writes them.
"""

from __future__ import annotations

import random
from typing import Any

from coderl.suites.generator import GeneratedTask, _hidden_test
from coderl.tools import resolve_path, written

__all__ = ["MAX_HOPS", "NAMES", "min_turns", "trail_task"]

MAX_HOPS = 5  # notes on the longest trail: its shortest solving episode takes MAX_HOPS + 2 turns

NAMES = tuple(f"note{d}" for d in range(10))
"""Note names (``<name>.txt``): more than a task uses (up to 7), so a name must be copied, not memorized. The
digit is one token of the tiny policy's tokenizer: following the trail is copying one token per note."""

_FILLER = ("skip {n}", "ok {n}", "sync {n}", "stale {n}")


def min_turns(task: Any) -> int:
    """The fewest turns that solve a ``trail`` task (``hops + 2``), from its ``hops-N`` tag; 2 without one."""
    tags = task.meta.get("tags", []) if hasattr(task, "meta") else task
    for tag in tags:
        if isinstance(tag, str) and tag.startswith("hops-"):
            return int(tag.removeprefix("hops-")) + 2
    return 2


def _value(rng: random.Random) -> int:
    return rng.randint(10, 99)


def _note(rng: random.Random, last_line: str) -> str:
    """A note: 1 to 3 short lines of filler, then ``last_line`` (the next path, or the answer)."""
    lines = [rng.choice(_FILLER).format(n=rng.randint(1, 999)) for _ in range(rng.randint(1, 3))]
    return "\n".join([*lines, last_line]) + "\n"


def trail_task(rng: random.Random, hops: int | None = None) -> GeneratedTask:
    """One ``trail`` task: ``hops`` notes (drawn uniformly from 0 to :data:`MAX_HOPS` when None) to the value.

    The demonstration reads each note on the trail in order, writes ``solution.py`` and submits; every
    observation in it is what coderl's tools print for that call (a read returns the file's text, a write
    ``Wrote N bytes to /workspace/solution.py``).
    """
    if hops is None:
        hops = rng.randint(0, MAX_HOPS)
    if not 0 <= hops <= MAX_HOPS:
        raise ValueError(f"hops must be in [0, {MAX_HOPS}], got {hops}")
    value = _value(rng)
    names = rng.sample(NAMES, hops + 2)
    trail, decoys = names[:hops], names[hops:]
    notes: dict[str, str] = {}
    for k, name in enumerate(trail):
        last = f"answer: {value!r}" if k == hops - 1 else f"next: {trail[k + 1]}.txt"
        notes[f"{name}.txt"] = _note(rng, last)
    for name in decoys:
        wrong = _value(rng)
        while wrong == value:
            wrong = _value(rng)
        notes[f"{name}.txt"] = _note(rng, f"answer: {wrong!r}")
    if hops:
        prompt = (
            f"Write solution.py defining f() that returns the answer. Read {trail[0]}.txt: "
            "each note ends with the next note to read or with the answer."
        )
    else:
        prompt = f"Write solution.py defining f() that returns {value!r}."
    solution = f"def f():\n    return {value!r}\n"
    demonstration: list[tuple[dict[str, str], str]] = [
        ({"tool": "read_file", "path": f"{name}.txt"}, notes[f"{name}.txt"]) for name in trail
    ]
    demonstration.append(
        (
            {"tool": "write_file", "path": "solution.py", "content": solution},
            written(resolve_path("solution.py"), len(solution.encode())).observation,
        )
    )
    demonstration.append(({"tool": "submit"}, ""))
    return GeneratedTask(
        prompt=prompt,
        workspace={"solution.py": "def f():\n    raise NotImplementedError\n", **dict(sorted(notes.items()))},
        hidden={"test_hidden.py": _hidden_test([((), value)])},
        solution={"solution.py": solution},
        demonstration=demonstration,
        tags=[f"hops-{hops}"],
        difficulty="easy" if hops <= 1 else "medium" if hops <= 3 else "hard",
    )
