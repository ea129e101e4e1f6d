"""A large synthetic corpus of agent actions for the stage-1 benchmarks: whole-file writes, edits with
diff-sized hunks and shell commands, about 1% of them cheats (from tests/guard_corpus.py)."""

from __future__ import annotations

import random

import guard_corpus  # tests/guard_corpus.py (tests/ is on the pytest path)

WORDS = [
    *("value", "result", "parser", "token", "buffer", "index", "offset", "config", "request", "response"),
    *("handler", "session", "cache", "matrix", "vector", "tensor", "batch", "window", "stream", "record"),
    *("schema", "column", "frame", "layer", "module"),
]


def _python_file(rng: random.Random, functions: int) -> str:
    parts = ['"""Module generated for the scan benchmark."""', "", "import os", "import re", ""]
    for i in range(functions):
        a, b = rng.sample(WORDS, 2)
        parts += [
            f"def {a}_{b}_{i}({a}, {b}=None):",
            f'    """Return the {a} combined with the {b} (helper {i})."""',
            f"    if {b} is None:",
            f"        {b} = []  # default: an empty {b}",
            f"    for item in {b}:",
            f"        {a} = {a} + len(str(item))",
            f"    return {a}",
            "",
        ]
    return "\n".join(parts)


def _diff(rng: random.Random) -> str:
    lines = [f"--- a/src/{rng.choice(WORDS)}.py", f"+++ b/src/{rng.choice(WORDS)}.py", "@@ -10,7 +10,8 @@"]
    for _ in range(rng.randint(5, 40)):
        w = rng.choice(WORDS)
        lines.append(rng.choice(" -+") + f"    {w} = compute_{w}({rng.randint(0, 99)})")
    return "\n".join(lines)


def build(target_bytes: int, seed: int = 0, cheat_rate: float = 0.01) -> list[dict]:
    """Actions (dicts in the action format) totalling about ``target_bytes`` of field text."""
    rng = random.Random(seed)
    cheats = [a for _, a in guard_corpus.cheats()]
    honest = guard_corpus.honest()
    out: list[dict] = []
    size = 0
    while size < target_bytes:
        r = rng.random()
        if r < cheat_rate:
            action = dict(rng.choice(cheats))
        elif r < 0.35:
            content = _python_file(rng, rng.randint(5, 60))
            action = {"tool": "write_file", "path": f"src/{rng.choice(WORDS)}.py", "content": content}
        elif r < 0.55:
            action = {"tool": "bash", "command": f"git apply <<'EOF'\n{_diff(rng)}\nEOF"}
        elif r < 0.7:
            old = _python_file(rng, 2)
            new = old.replace("return", "return  ")
            action = {"tool": "edit_file", "path": f"src/{rng.choice(WORDS)}.py", "old": old, "new": new}
        else:
            action = dict(rng.choice(honest))
        out.append(action)
        size += sum(len(v) for k, v in action.items() if k not in ("tool", "id"))
    return out
