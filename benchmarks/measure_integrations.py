"""What the SkyRL and TRL adapters cost per episode / completion, in real sandboxes (RESULTS.md, session 6).

    .venv-trl/bin/python benchmarks/measure_integrations.py trl --completions 16
    .venv-skyrl/bin/python benchmarks/measure_integrations.py skyrl --episodes 6

trl: :class:`coderl.integrations.trl.CoderlReward` over N completions of the fizzbuzz task (half a fenced solution,
a quarter a solution plus a conftest hook, a quarter prose), one call as GRPOTrainer makes it, after one warm-up
call: wall time per completion, the graders' time, stage 1 alone (``scan_actions`` per completion).
skyrl: :class:`coderl.integrations.skyrl.env.CoderlEnv` made by ``skyrl_gym.make`` and driven through a scripted
solving episode (read, write, run the tests, submit): ``init``, each ``step`` and the final step with grading.
Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

TASKS = Path(__file__).resolve().parents[1] / "tests" / "data" / "tasks"
SOLUTION = (TASKS / "fizzbuzz" / "solution" / "fizzbuzz.py").read_text()
CONFTEST = "def pytest_collection_modifyitems(items):\n    items.clear()\n"


def _hermes(name: str, arguments: dict[str, str]) -> str:
    return "<tool_call>\n" + json.dumps({"name": name, "arguments": arguments}) + "\n</tool_call>"


def measure_trl(n: int) -> dict[str, Any]:
    from coderl.integrations.response import scan_actions
    from coderl.integrations.trl import CoderlReward, completion_actions

    fenced = "```python\n" + SOLUTION + "```"
    cheat = _hermes("write_file", {"path": "fizzbuzz.py", "content": SOLUTION}) + _hermes(
        "write_file", {"path": "conftest.py", "content": CONFTEST}
    )
    completions = [[fenced, fenced, cheat, "I do not know."][i % 4] for i in range(n)]
    reward = CoderlReward(tasks=str(TASKS), sandboxes=2)
    kwargs = {"prompts": ["x"] * n, "completion_ids": [[0]] * n, "task_id": ["fizzbuzz"] * n}
    reward(completions=completions[:2], **{k: v[:2] for k, v in kwargs.items()})  # warm-up: pool, graders
    reward.records.clear()
    t0 = time.perf_counter()
    rewards = reward(completions=completions, **kwargs)
    wall = time.perf_counter() - t0
    scans = []
    for c in completions:
        actions = completion_actions(c)
        s0 = time.perf_counter()
        scan_actions(actions)
        scans.append(time.perf_counter() - s0)
    from coderl.integrations import runtime

    runtime.shutdown()
    return {
        "completions": n,
        "rewards": rewards,
        "wall_s": round(wall, 3),
        "per_completion_s": round(wall / n, 3),
        "grade_s_median": round(statistics.median(r["grade_s"] for r in reward.records), 3),
        "stage1_ms_median": round(1000 * statistics.median(scans), 3),
    }


def measure_skyrl(episodes: int) -> dict[str, Any]:
    import skyrl_gym

    from coderl.integrations import runtime
    from coderl.integrations.skyrl import register

    register()
    turns = [
        _hermes("read_file", {"path": "fizzbuzz.py"}),
        _hermes("write_file", {"path": "fizzbuzz.py", "content": SOLUTION}),
        _hermes("bash", {"command": "python3 -m pytest -q tests"}),
        _hermes("submit", {}),
    ]
    timings: dict[str, list[float]] = {"init_s": [], "step_s": [], "final_step_s": []}
    rewards = []
    for i in range(episodes + 1):  # the first warms the pool and the graders up, not counted
        env = skyrl_gym.make(
            "coderl",
            env_config={"tasks": str(TASKS), "tool_format": "hermes", "sandboxes": 2},
            extras={"extra_info": {"task_id": "fizzbuzz"}},
        )
        t0 = time.perf_counter()
        env.init([])
        init_s = time.perf_counter() - t0
        steps = []
        for turn in turns:
            s0 = time.perf_counter()
            out = env.step(turn)
            steps.append(time.perf_counter() - s0)
        env.close()
        if i:
            timings["init_s"].append(init_s)
            timings["step_s"].extend(steps[:-1])
            timings["final_step_s"].append(steps[-1])
            rewards.append(out["reward"])
    runtime.shutdown()
    return {
        "episodes": episodes,
        "rewards": rewards,
        **{f"{k}_median": round(statistics.median(v), 3) for k, v in timings.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stack", choices=("trl", "skyrl"))
    parser.add_argument("--completions", type=int, default=16)
    parser.add_argument("--episodes", type=int, default=6)
    args = parser.parse_args()
    result = measure_trl(args.completions) if args.stack == "trl" else measure_skyrl(args.episodes)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
