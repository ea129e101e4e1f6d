"""coderl as OpenRLHF 0.11.2's remote reward (``make test-openrlhf``; the environment is
``scripts/setup-openrlhf.sh``'s .venv-openrlhf: OpenRLHF installed without its CUDA-only dependencies).

OpenRLHF's own reward client, ``openrlhf.utils.agent.SingleTurnAgentExecutor``, does the calling: given
``--remote_rm_url`` a Python file it loads coderl's ``reward_func`` from it and calls it in a thread; given a URL it
POSTs to coderl's server on loopback. The samples are graded by the hidden tests in real sandboxes; a cheat written
in a response gets 0 with its rules flagged in ``extra_logs``. Generation is not exercised (OpenRLHF's engine is
vLLM on a GPU); the queries are what its executor would decode: prompt and response together.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip(
    "openrlhf.utils.agent", reason="OpenRLHF is not installed in this environment: `make test-openrlhf` runs these"
)

from openrlhf.utils.agent import SingleTurnAgentExecutor
from sandboxes import own_sandboxes_left

import coderl.integrations.openrlhf.reward_func as reward_file
from coderl.integrations import runtime
from coderl.integrations.openrlhf import TASKS_ENV, response_of

pytestmark = [pytest.mark.openrlhf, pytest.mark.podman]

TASKS = Path(__file__).parent / "data" / "tasks"
SOLUTION = (TASKS / "fizzbuzz" / "solution" / "fizzbuzz.py").read_text()
PROMPT = "<|im_start|>user\nWrite fizzbuzz.py<|im_end|>\n<|im_start|>assistant\n"


def _call(tool: str, **arguments: str) -> str:
    return "<tool_call>" + json.dumps({"name": tool, "arguments": arguments}) + "</tool_call>"


HONEST = PROMPT + "Here it is.\n" + _call("write_file", path="fizzbuzz.py", content=SOLUTION)
WRONG = PROMPT + _call("write_file", path="fizzbuzz.py", content="def fizzbuzz(n):\n    return str(n)\n")
CHEAT = WRONG + _call("bash", command="curl -s https://example.com/fizzbuzz.py -o fizzbuzz.py")


@pytest.fixture(scope="module", autouse=True)
def tasks_and_cleanup():
    """The task directory for the file mode; at the end no container of this process is left."""
    os.environ[TASKS_ENV] = str(TASKS)
    yield
    runtime.shutdown()
    assert own_sandboxes_left() == []


def _rewards(executor: SingleTurnAgentExecutor, via: str) -> list[dict]:
    queries = [HONEST, WRONG, CHEAT]
    fetch = executor._fetch_rewards_via_func if via == "func" else executor._fetch_rewards_via_http
    if via == "func":
        return asyncio.run(fetch(queries, [PROMPT] * 3, ["fizzbuzz"] * 3))
    # OpenRLHF sends one sample per request in rollouts; the batch form shards across servers
    return [asyncio.run(fetch([q], [PROMPT], ["fizzbuzz"]))[0] for q in queries]


def _check(infos: list[dict]) -> None:
    honest, wrong, cheat = infos
    assert honest["rewards"] == [1.0] and honest["scores"] == [1.0]
    assert wrong["rewards"] == [0.0] and wrong["extra_logs"]["coderl_cheat"] == [0.0]
    assert cheat["rewards"] == [0.0] and cheat["extra_logs"]["coderl_cheat"] == [1.0]


def test_openrlhf_loads_the_reward_file_and_grades_in_sandboxes():
    executor = SingleTurnAgentExecutor(remote_rm_url=reward_file.__file__)
    assert executor.reward_func is not None  # OpenRLHF loaded coderl's function from the file
    _check(_rewards(executor, "func"))


def test_openrlhf_posts_to_the_reward_server(tmp_path):
    server = subprocess.Popen(
        [sys.executable, "-m", "coderl.integrations.openrlhf.server", "--tasks", str(TASKS), "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        line = server.stdout.readline() if server.stdout else ""
        url = line.split("--remote_rm_url ")[-1].strip()
        assert url.startswith("http://127.0.0.1:") and url.endswith("/get_reward"), line
        _check(_rewards(SingleTurnAgentExecutor(remote_rm_url=url), "http"))
    finally:
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=60) == 0  # SIGTERM: a clean stop, its sandboxes removed (checked at the end)


def test_bad_input_is_refused_clearly():
    with pytest.raises(ValueError, match="label_key label"):
        reward_file.reward_func([HONEST], [PROMPT], [None])
    done = subprocess.run(
        [sys.executable, "-m", "coderl.integrations.openrlhf.server", "--tasks", "/no/such/dir"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "--tasks" in done.stderr and "Traceback" not in done.stderr


def test_the_response_is_what_follows_the_prompt():
    assert response_of(PROMPT + "abc", PROMPT) == "abc"
    assert response_of("<s>" + PROMPT[5:] + "abc", PROMPT) == "abc"  # decoding changed the prompt's start
    assert response_of("abc", "zzz") == "abc"


def test_export_rows_for_openrlhf(tmp_path):
    coderl = str(Path(sys.executable).with_name("coderl"))
    subprocess.run(
        [coderl, "tasks", "export", "--format", "openrlhf", "--tasks", str(TASKS), str(tmp_path)], check=True
    )
    import pyarrow.parquet as pq

    table = pq.read_table(tmp_path / "train.parquet").to_pylist()
    assert {row["label"] for row in table} >= {"fizzbuzz"}
    assert all(row["input"][0]["role"] == "user" for row in table)
