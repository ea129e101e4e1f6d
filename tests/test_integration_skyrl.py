"""coderl inside the real skyrl-gym 0.4 (``make test-skyrl``; the environment is ``scripts/setup-skyrl.sh``'s
.venv-skyrl).

coderl's environment is made the way SkyRL's generator makes one per trajectory (``skyrl_gym.make(env_class,
env_config=..., extras=row)``, after :func:`coderl.integrations.skyrl.register`), from the rows
``coderl tasks export --format skyrl`` writes, and driven through ``init``/``step``/``close`` in real rootless
Podman sandboxes. The model's turns are scripted text (a random tiny model cannot solve or cheat); SkyRL's
generator, which would send them, is in skyrl-train, which needs Python 3.12 and is not installed here.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

skyrl_gym = pytest.importorskip(
    "skyrl_gym", reason="skyrl-gym is not installed in this environment: `make test-skyrl` runs these tests"
)

from sandboxes import own_sandboxes_left  # noqa: E402

from coderl.integrations import runtime  # noqa: E402
from coderl.integrations.skyrl import ENV_CLASS, register  # noqa: E402

pytestmark = pytest.mark.skyrl

TASKS = Path(__file__).parent / "data" / "tasks"
SOLUTION = (TASKS / "fizzbuzz" / "solution" / "fizzbuzz.py").read_text()


@pytest.fixture(scope="module")
def rows(tmp_path_factory) -> dict[str, dict[str, Any]]:
    """The suite as SkyRL's dataset rows: ``coderl tasks export --format skyrl`` (this environment's console
    script), read back from parquet; by task id."""
    import pyarrow.parquet as pq

    out = tmp_path_factory.mktemp("skyrl-data")
    coderl = str(Path(sys.executable).with_name("coderl"))
    subprocess.run([coderl, "tasks", "export", "--format", "skyrl", "--tasks", str(TASKS), str(out)], check=True)
    table = pq.read_table(out / "train.parquet").to_pylist()
    assert {row["env_class"] for row in table} == {ENV_CLASS}
    return {row["extra_info"]["task_id"]: row for row in table}


@pytest.fixture(scope="module")
def make(rows):
    """``skyrl_gym.make`` as SkyRL's generator calls it: the row's fields but ``prompt``/``env_class`` are the
    extras. At the end, the shared sandboxes are stopped and none of this process's containers is left."""
    register()
    register()  # idempotent

    def make_env(task_id: str, **config: Any) -> Any:
        row = dict(rows[task_id])
        extras = {k: v for k, v in row.items() if k not in ("prompt", "env_class")}
        env_config = {"tasks": str(TASKS), "sandboxes": 2, **config}
        return skyrl_gym.make(row["env_class"], env_config=env_config, extras=extras), row["prompt"]

    yield make_env
    runtime.shutdown()
    assert own_sandboxes_left() == []


def _hermes(name: str, arguments: dict[str, str]) -> str:
    return "I will use a tool.\n<tool_call>\n" + json.dumps({"name": name, "arguments": arguments}) + "\n</tool_call>"


def _coderl(tool: str, **fields: str) -> str:
    return "<tool>" + json.dumps({"tool": tool, **fields}) + "</tool>"


def test_register_puts_coderls_environment_in_skyrl_gyms_registry():
    register()
    assert skyrl_gym.registry[ENV_CLASS].entry_point == "coderl.integrations.skyrl.env:CoderlEnv"


@pytest.mark.podman
def test_a_solved_task_ends_with_the_hidden_tests_reward_and_tool_messages_between(make):
    from skyrl_gym.envs.base_text_env import BaseTextEnv

    env, row_prompt = make("fizzbuzz", tool_format="hermes", max_turns=6)
    assert isinstance(env, BaseTextEnv)
    conversation, info = env.init(row_prompt)
    assert [m["role"] for m in conversation] == ["system", "user"] and info == {"task_id": "fizzbuzz"}
    assert "<tool_call>" in conversation[0]["content"] and '"write_file"' in conversation[0]["content"]
    assert "fizzbuzz" in conversation[1]["content"]
    read = env.step(_hermes("read_file", {"path": "fizzbuzz.py"}))
    assert read["done"] is False and read["reward"] == 0.0
    assert read["observations"][0]["role"] == "tool" and "def fizzbuzz" in read["observations"][0]["content"]
    wrote = env.step(_hermes("write_file", {"path": "fizzbuzz.py", "content": SOLUTION}))
    assert not wrote["done"]
    ran = env.step(_hermes("bash", {"command": "python3 -m pytest -q tests"}))
    assert not ran["done"] and "passed" in ran["observations"][0]["content"]
    last = env.step(_hermes("submit", {}))
    assert last["done"] is True and last["reward"] == 1.0 and last["observations"] == []
    record = last["metadata"]["coderl"]
    assert record["finish"] == "submit" and record["grade_reward"] == 1.0 and not record["marked"]
    assert record["outcomes"] == ["executed", "executed", "executed", "submit"]
    metrics = env.get_metrics()
    assert metrics["coderl_reward"] == 1.0 and metrics["coderl_turns"] == 4
    env.close()


@pytest.mark.podman
def test_a_cheating_action_gets_a_decoy_and_the_episode_scores_zero_though_its_tests_pass(make):
    env, row_prompt = make("fizzbuzz", tool_format="coderl", max_turns=5)
    conversation, _ = env.init(row_prompt)
    assert '{"tool": "bash"' in conversation[0]["content"]
    snoop = env.step(_coderl("bash", command="git log -p --all | head -50"))
    observation = snoop["observations"][0]
    assert observation["role"] == "user" and "<observation>" in observation["content"]
    assert "not a git repository" in observation["content"]  # the decoy: what this sandbox would print
    env.step(_coderl("write_file", path="fizzbuzz.py", content=SOLUTION))
    last = env.step(_coderl("submit"))
    record = last["metadata"]["coderl"]
    assert last["done"] and record["outcomes"] == ["decoy", "executed", "submit"]
    assert record["grade_reward"] == 1.0 and record["marked"] and last["reward"] == 0.0  # passed, yet 0
    assert "git.history_snooping" in record["rules"]
    assert env.get_metrics()["coderl_marked"] == 1.0
    env.close()


@pytest.mark.podman
def test_unparsable_turns_get_the_reason_and_max_turns_ends_the_episode_graded(make):
    env, row_prompt = make("fizzbuzz", tool_format="hermes", max_turns=2)
    env.init(row_prompt)
    first = env.step("I think the answer is obvious.")
    assert not first["done"] and "no tool call found" in first["observations"][0]["content"]
    second = env.step(_hermes("bash", {"command": "ls"}))
    record = second["metadata"]["coderl"]
    assert second["done"] and record["finish"] == "max_turns" and second["reward"] == 0.0
    assert record["grade_reward"] == 0.0 and record["outcomes"] == ["parse_error", "executed"]
    assert env.get_metrics()["coderl_parse_errors"] == 1
    with pytest.raises(RuntimeError, match="after the episode ended"):
        env.step(_hermes("bash", {"command": "ls"}))
    env.close()


@pytest.mark.podman
def test_close_before_the_end_gives_the_sandbox_back_without_grading(make):
    env, row_prompt = make("fizzbuzz")
    env.init(row_prompt)
    env.step(_coderl("write_file", path="fizzbuzz.py", content=SOLUTION))
    env.close()
    assert env.outcome is None and env.episode is None
    again, _ = make("fizzbuzz")  # the pool still serves the next trajectory
    again.init(row_prompt)
    assert again.step(_coderl("submit"))["done"]
    again.close()


@pytest.mark.podman
def test_environments_stepped_from_skyrls_worker_threads_share_the_pool_and_each_gets_its_reward(make):
    """SkyRL's generator runs init/step/close in a thread pool, several trajectories at once: three episodes on
    two warm sandboxes, from three threads, each graded on its own workspace."""
    from concurrent.futures import ThreadPoolExecutor

    def play(solve: bool) -> dict[str, Any]:
        env, row_prompt = make("fizzbuzz", max_turns=3)
        env.init(row_prompt)
        if solve:
            env.step(_coderl("write_file", path="fizzbuzz.py", content=SOLUTION))
        last = env.step(_coderl("submit"))
        env.close()
        return {"reward": last["reward"], **last["metadata"]["coderl"]}

    with ThreadPoolExecutor(max_workers=3, thread_name_prefix="skyrl-gym-env-") as workers:
        records = list(workers.map(play, [True, False, True]))
    assert [r["reward"] for r in records] == [1.0, 0.0, 1.0]
    assert len({r["episode_id"] for r in records}) == 3


def test_bad_rows_and_config_are_refused_naming_the_field(rows):
    from coderl.integrations.skyrl.env import CoderlEnv

    with pytest.raises(ValueError, match=r"extra_info\.task_id"):
        CoderlEnv({"tasks": str(TASKS)}, {"extra_info": {}})
    with pytest.raises(ValueError, match="tool_format"):
        CoderlEnv({"tool_format": "xml"}, {"extra_info": {"task_id": "fizzbuzz"}})
    env = CoderlEnv({"tasks": str(TASKS)}, {"extra_info": {"task_id": "no-such-task"}})
    with pytest.raises(ValueError, match="no task 'no-such-task'"):
        env.init()
