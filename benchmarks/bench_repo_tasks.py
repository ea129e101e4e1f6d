"""Repository tasks (issue 19): environment image builds, grade times, episodes/s against the small suite.

``python benchmarks/bench_repo_tasks.py [--rebuild] [--rounds N]`` prints markdown tables:

- each environment image of the bundled repository suite: build time (``--rebuild``: from nothing, no
  layer reused; else the cached image is only inspected), size, what it adds to the base image, tasks;
- each repository task: grade time of its gold workspace (median of ``--rounds``, warm graders on) given as
  files (committed in a fresh container) and as an episode ends (committed in the sandbox the work was done
  in, downloaded, graded), the number of FAIL_TO_PASS / PASS_TO_PASS tests and whether a check script runs
  (a check is one more fresh container, graded concurrently with the tests);
- the same for the small suite's tasks, and episodes/s for both suites: one replayed episode per task
  (write the reference files, submit; guard, sandbox lease, download, audit and grade included),
  played one at a time.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from pathlib import Path
from typing import Any

from coderl.action import parse_action
from coderl.grade.commit import commit_workspace
from coderl.grade.grader import Grader
from coderl.guard.guarded import Guard
from coderl.guard.stage1 import Stage1Scanner
from coderl.replay import replay
from coderl.sandbox import SandboxConfig, SandboxPool
from coderl.sandbox.envimage import build_environment
from coderl.sandbox.podman import PodmanEngine
from coderl.suites import BASIC, REPOS, solution_files
from coderl.task import Task, load_tasks


def _gold(task: Task) -> dict[str, bytes]:
    return {**task.workspace, **{k: v for k, v in solution_files(task.root).items() if not k.startswith(".git/")}}


def build_all(tasks: list[Task], base: str, rebuild: bool) -> tuple[list[dict[str, Any]], dict[str, str]]:
    rows, images = [], {}
    engine = PodmanEngine(SandboxConfig())
    try:
        seen: dict[str, list[str]] = {}
        for task in tasks:
            if task.environment is not None:
                seen.setdefault(task.environment.key, []).append(task.id)
        for key, ids in seen.items():
            env = next(t.environment for t in tasks if t.environment is not None and t.environment.key == key)
            assert env is not None
            image = env.image(base)
            done = build_environment(
                engine,
                image,
                key,
                python=env.python,
                requirements=env.requirements,
                setup=env.setup,
                force=rebuild,
            )
            done.tasks = ids
            rows.append(done.to_json())
            for task_id in ids:
                images[task_id] = image
    finally:
        engine.close()
    return rows, images


async def grade_times(tasks: list[Task], images: dict[str, str], base: str, rounds: int) -> list[dict[str, Any]]:
    pools: dict[str, tuple[SandboxPool, Grader]] = {}
    rows = []
    try:
        for task in tasks:
            image = images.get(task.id, base)
            if image not in pools:
                pool = SandboxPool(SandboxConfig(image=image), size=1)
                await pool.start()
                pools[image] = (pool, Grader(pool))
            grader = pools[image][1]
            await grader.expected_tests(task)  # collected once per task, as in training
            times, in_sandbox, rewards = [], [], []
            for _ in range(rounds):
                await asyncio.sleep(0.5)  # let the warm graders refill, as between a trainer's grades
                start = time.perf_counter()
                result = await grader.grade(task, _gold(task))
                times.append(time.perf_counter() - start)
                rewards.append(result.reward)
                if task.repo is None:
                    continue
                # As an episode ends: the commit made in the sandbox the work was done in, then the grade.
                async with pools[image][0].sandbox(_gold(task)) as sandbox:
                    await asyncio.sleep(0.5)
                    start = time.perf_counter()
                    commit = await commit_workspace(sandbox, task.workspace)
                    worked, _ = await sandbox.download()
                    result = await grader.grade(task, worked, commit=commit)
                    in_sandbox.append(time.perf_counter() - start)
                    rewards.append(result.reward)
            rows.append(
                {
                    "task": task.id,
                    "f2p": len(task.repo.fail_to_pass) if task.repo else 0,
                    "p2p": len(task.repo.pass_to_pass) if task.repo else 0,
                    "check": task.check is not None,
                    "image": image.rsplit(":", 1)[-1] if image != base else "base",
                    "median_s": statistics.median(times),
                    "in_sandbox_s": statistics.median(in_sandbox) if in_sandbox else None,
                    "min_s": min(times),
                    "rewards": sorted(set(rewards)),
                }
            )
    finally:
        for pool, _ in pools.values():
            await pool.close()
    return rows


async def episodes_per_s(tasks: list[Task], images: dict[str, str], base: str) -> tuple[float, list[float]]:
    pools: dict[str, SandboxPool] = {}
    rewards = []
    try:
        for task in tasks:  # pools started (and each task's hidden suite collected) before the clock runs
            image = images.get(task.id, base)
            if image not in pools:
                pools[image] = SandboxPool(SandboxConfig(image=image), size=1)
                await pools[image].start()
        start = time.perf_counter()
        for task in tasks:
            gold = solution_files(task.root)
            actions: list[Any] = [
                parse_action({"tool": "write_file", "path": path, "content": data.decode()})
                for path, data in gold.items()
                if not path.startswith(".git/") and task.workspace.get(path) != data
            ]
            actions.append(parse_action({"tool": "submit"}))
            records = await replay(task, actions, Guard(Stage1Scanner()), pools[images.get(task.id, base)])
            rewards.append(float(records[-1]["reward"]))
        elapsed = time.perf_counter() - start
    finally:
        for pool in pools.values():
            await pool.close()
    return len(tasks) / elapsed, rewards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rebuild", action="store_true", help="rebuild the environment images from nothing")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    base = SandboxConfig().image
    repos, basic = load_tasks(REPOS), load_tasks(BASIC)
    small = [t for t in basic if (Path(t.root) / "solution").is_dir()][: len(repos)]
    builds, images = build_all(repos, base, args.rebuild)
    print("| image | tasks | built | build s | size MB | added MB |\n|---|---|---|---|---|---|")
    for row in builds:
        print(
            f"| `{row['image']}` | {len(row['tasks'])} | {row['built']} | {row['seconds']} | {row['size_mb']} "
            f"| {row['added_mb']} |"
        )
    for name, suite in (("repository", repos), ("small", small)):
        rows = asyncio.run(grade_times(suite, images, base, args.rounds))
        print(f"\n{name} suite, grade of the gold workspace (s):\n")
        print(
            "| task | F2P | P2P | check | image | median, files | min | median, committed in its sandbox | reward |\n"
            "|---|---|---|---|---|---|---|---|---|"
        )
        for r in rows:
            sandboxed = "-" if r["in_sandbox_s"] is None else f"{r['in_sandbox_s']:.2f}"
            print(
                f"| {r['task']} | {r['f2p']} | {r['p2p']} | {r['check']} | {r['image']} | {r['median_s']:.2f} "
                f"| {r['min_s']:.2f} | {sandboxed} | {r['rewards']} |"
            )
        print(f"\nmedian over the suite: {statistics.median(r['median_s'] for r in rows):.2f} s")
        if any(r["in_sandbox_s"] is not None for r in rows):
            sandboxed_median = statistics.median(r["in_sandbox_s"] for r in rows if r["in_sandbox_s"] is not None)
            print(f"median, committed in the sandbox the work was done in: {sandboxed_median:.2f} s")
    for name, suite in (("repository", repos), ("small", small)):
        rate, rewards = asyncio.run(episodes_per_s(suite, images, base))
        print(f"{name}: {len(suite)} episodes, {rate:.2f} episodes/s, mean reward {statistics.mean(rewards):.2f}")


if __name__ == "__main__":
    main()
