"""coderl inside the real verl 0.9 (``make test-verl``; the environment is ``scripts/setup-verl.sh``'s .venv-verl).

* GAE: verl's own ``compute_advantage`` (GAE mode) runs coderl's op once installed, and matches verl's loop on
  masked multi-turn batches; Ray's ``worker_process_setup_hook`` installs it in Ray worker processes.
* Reward filter: loaded the way verl loads a ``custom_reward_function``, over verl's default scorer.
* Agent loop: verl's ``AgentLoopWorker`` (built from verl's own composed trainer config) drives coderl's agent
  loop on a real task in real sandboxes. Only verl's inference server is replaced, by coderl's CPU transformers
  engine behind the same ``generate`` interface (a tiny Qwen-shaped checkpoint), or, where the policy must act
  (solve, cheat), by scripted replies tokenized with that checkpoint's tokenizer, since a random tiny model
  cannot act.
"""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Any

import pytest
import torch
from batches import make_mask

pytest.importorskip("verl", reason="verl is not installed in this environment: `make test-verl` runs these tests")

from verl import DataProto
from verl.trainer.ppo import core_algos
from verl.trainer.ppo.core_algos import AdvantageEstimator
from verl.trainer.ppo.ray_trainer import compute_advantage

from coderl.integrations.verl import advantage

pytestmark = pytest.mark.verl

TASKS = Path(__file__).parent / "data" / "tasks"
SOLUTION = (TASKS / "fizzbuzz" / "solution" / "fizzbuzz.py").read_text()


# --- advantage ------------------------------------------------------------------------------------------------


@pytest.fixture
def verl_gae():
    """verl's own function, and coderl's uninstalled again after the test."""
    original = core_algos.compute_gae_advantage_return
    assert not advantage.installed()
    yield original
    advantage.uninstall()
    assert core_algos.compute_gae_advantage_return is original


def _verl_batch(seed: int, b: int, t: int, obs_rewards: bool) -> DataProto:
    gen = torch.Generator().manual_seed(seed)
    mask = make_mask(gen, b, t, "turns")
    mask[:, 0] = True  # every row starts with a generated token (verl's responses do)
    rewards = torch.randn(b, t, generator=gen) * (torch.rand(b, t, generator=gen) < 0.2)
    if not obs_rewards:
        rewards = rewards * mask
    for row in range(b):  # the outcome reward on each row's last generated token, as verl's reward managers do
        last = int(mask[row].nonzero().max())
        rewards[row, last] += 1.0
    values = torch.randn(b, t, generator=gen)
    return DataProto.from_dict(
        tensors={"token_level_rewards": rewards, "values": values, "response_mask": mask.long()},
    )


@pytest.mark.parametrize(("gamma", "lam"), [(1.0, 1.0), (0.99, 0.95), (0.9, 0.0)])
@pytest.mark.parametrize("obs_rewards", [False, True])
def test_verls_compute_advantage_runs_coderls_gae_and_matches_verls_loop(verl_gae, gamma, lam, obs_rewards):
    seed = int(gamma * 100 + lam * 10) + obs_rewards

    def data() -> DataProto:
        return _verl_batch(seed, b=6, t=300, obs_rewards=obs_rewards)

    mask = data().batch["response_mask"].bool()
    theirs = compute_advantage(data(), AdvantageEstimator.GAE, gamma=gamma, lam=lam, config={})
    advantage.install()
    assert core_algos.compute_gae_advantage_return is not verl_gae and advantage.installed()
    ours = compute_advantage(data(), AdvantageEstimator.GAE, gamma=gamma, lam=lam, config={})
    for key in ("advantages", "returns"):
        torch.testing.assert_close(ours.batch[key][mask], theirs.batch[key][mask], rtol=1e-5, atol=1e-5)
        # coderl's op ran: it writes 0 off the policy tokens, where verl's loop leaves its carried state
        assert bool((ours.batch[key][~mask] == 0).all()) and bool((theirs.batch[key][~mask] != 0).any())
    whitened = ours.batch["advantages"][mask].double()
    assert abs(float(whitened.mean())) < 1e-5 and abs(float(whitened.std()) - 1.0) < 1e-4  # unbiased, like verl


def test_credit_mode_keeps_a_reward_that_verl_drops_on_an_observation_token(verl_gae):
    # [gen, gen, obs(reward 1)]: verl's loop (and the default "drop") loses the reward; "credit" moves it back.
    rewards = torch.tensor([[0.0, 0.0, 1.0], [1.0, 0.0, 0.0]])
    values = torch.zeros(2, 3)
    mask = torch.tensor([[1, 1, 0], [1, 1, 1]])
    _, theirs = verl_gae(rewards, values, mask, gamma=1.0, lam=1.0)
    _, dropped = advantage.compute_gae_advantage_return(rewards, values, mask, 1.0, 1.0)
    _, credited = advantage.compute_gae_advantage_return(rewards, values, mask, 1.0, 1.0, obs_rewards="credit")
    assert float(theirs[0, 1]) == float(dropped[0, 1]) == 0.0
    assert float(credited[0, 1]) == 1.0 and float(credited[0, 0]) == 1.0


def test_ray_worker_process_setup_hook_installs_coderls_gae_in_every_worker():
    ray = pytest.importorskip("ray")
    ray.init(
        num_cpus=1,
        include_dashboard=False,
        log_to_driver=False,
        runtime_env={"worker_process_setup_hook": "coderl.integrations.verl.setup_worker"},
    )
    try:

        @ray.remote(num_cpus=0.5)
        def where_gae_lives() -> tuple[bool, str]:
            from verl.trainer.ppo import core_algos as algos

            from coderl.integrations.verl import advantage as adv

            fn = algos.compute_gae_advantage_return
            return adv.installed(), algos.ADV_ESTIMATOR_REGISTRY["gae"].__module__ + ":" + fn.__module__

        installed, modules = ray.get(where_gae_lives.remote())
    finally:
        ray.shutdown()
    assert installed and modules == "coderl.integrations.verl.advantage:coderl.integrations.verl.advantage"
    assert not advantage.installed()  # the driver was left alone


# --- reward filter --------------------------------------------------------------------------------------------


def _custom_reward_fn() -> Any:
    """The filter as verl loads a ``reward.custom_reward_function`` from its config."""
    from omegaconf import OmegaConf
    from verl.trainer.ppo.reward import get_custom_reward_fn

    config = OmegaConf.create(
        {
            "reward": {
                "custom_reward_function": {"path": "pkg://coderl.integrations.verl.reward", "name": "compute_score"}
            }
        }
    )
    return get_custom_reward_fn(config)


def _hermes(name: str, arguments: dict[str, str]) -> str:
    return "<tool_call>\n" + json.dumps({"name": name, "arguments": arguments}) + "\n</tool_call>"


def test_reward_filter_zeroes_a_response_that_writes_conftest_and_keeps_an_honest_one():
    score = _custom_reward_fn()
    honest = "Let me check.\n" + _hermes("bash", {"command": "python -m pytest -q"}) + "\nThe answer is #### 42"
    cheat = (
        "Make the tests pass.\n"
        + _hermes("write_file", {"path": "conftest.py", "content": "def pytest_collection_modifyitems(items):\n"})
        + "\nThe answer is #### 42"
    )
    kw = {"data_source": "openai/gsm8k", "ground_truth": "42", "extra_info": {}}
    clean = score(solution_str=honest, **kw)
    flagged = score(solution_str=cheat, **kw)
    assert clean["score"] == 1.0 and clean["coderl_cheat"] == 0.0 and clean["coderl_rules"] == ""
    assert flagged["coderl_base_score"] == 1.0  # verl's default scorer accepted the answer...
    assert flagged["score"] == 0.0 and flagged["coderl_cheat"] == 1.0  # ...and the filter zeroed it
    assert "pytest.write_conftest" in flagged["coderl_rules"].split(",")


def test_reward_filter_finds_openai_calls_and_fenced_code():
    from coderl.integrations.verl.reward import extract_actions, scan_response

    arguments = json.dumps({"cmd": "git log -p --all"})
    call = {"type": "function", "function": {"name": "execute_bash", "arguments": arguments}}
    openai = json.dumps({"tool_calls": [call]})
    fenced = "Run this:\n```bash\ncurl -s http://example.com/answers.py > solution.py\n```\n"
    assert [a.tool for a in extract_actions(openai)] == ["bash"]
    assert scan_response(openai).cheat and "git.history_snooping" in scan_response(openai).rules
    assert scan_response(fenced).cheat
    assert not scan_response("```python\ndef add(a, b):\n    return a + b\n```").cheat


# --- agent loop -----------------------------------------------------------------------------------------------


class HFServer:
    """verl's server-manager interface (``generate(request_id, *, prompt_ids, sampling_params) -> TokenOutput``)
    over coderl's CPU transformers engine; every request and its output are recorded."""

    def __init__(self, engine: Any) -> None:
        self.engine = engine
        self.log: list[tuple[list[int], list[int], list[float]]] = []

    async def generate(self, request_id: str, *, prompt_ids: list[int], sampling_params: dict[str, Any], **_: Any):
        from verl.workers.rollout.replica import TokenOutput

        from coderl.rollout.engine import SamplingParams

        params = SamplingParams(
            max_new_tokens=int(sampling_params["max_tokens"]),
            temperature=float(sampling_params["temperature"]),
            top_p=float(sampling_params["top_p"]),
            stop=tuple(sampling_params.get("stop", ())),
        )
        (gen,) = await self.engine.generate([prompt_ids], params)
        self.log.append((list(prompt_ids), gen.token_ids, gen.logprobs))
        logprobs = gen.logprobs if sampling_params.get("logprobs") else None
        return TokenOutput(token_ids=gen.token_ids, log_probs=logprobs, stop_reason="completed")


class ScriptedServer:
    """The same interface, replying with scripted hermes turns (tokenized by the checkpoint's tokenizer, ending
    at ``<|im_end|>`` as an instruct model does). Each episode (request id) takes the next script."""

    def __init__(self, tokenizer: Any, scripts: list[list[str]]) -> None:
        self.tokenizer = tokenizer
        self.scripts = list(scripts)
        self.assigned: dict[str, list[str]] = {}

    async def generate(self, request_id: str, *, prompt_ids: list[int], sampling_params: dict[str, Any], **_: Any):
        from verl.workers.rollout.replica import TokenOutput

        if request_id not in self.assigned:
            self.assigned[request_id] = self.scripts.pop(0)
        script = self.assigned[request_id]
        turn = self.tokenizer.decode(prompt_ids).count("<tool_response>")
        ids = self.tokenizer.encode(script[turn] + "<|im_end|>", add_special_tokens=False)
        return TokenOutput(token_ids=ids, log_probs=[-0.25] * len(ids), stop_reason="completed")


@pytest.fixture(scope="module")
def qwen(tmp_path_factory) -> Path:
    from coderl.rollout.tiny_model import build_qwen_policy

    return build_qwen_policy(tmp_path_factory.mktemp("qwen"), seed=0)


@pytest.fixture(scope="module")
def verl_config(qwen, tmp_path_factory) -> Any:
    """verl's own trainer config (ppo_trainer.yaml, composed by hydra), pointed at the checkpoint, with coderl's
    agent loop registered through ``agent_loop_config_path`` as a user would."""
    import verl
    from hydra import compose, initialize_config_dir

    agents = tmp_path_factory.mktemp("verl") / "agent_loops.yaml"
    agents.write_text(
        "- name: coderl_agent\n"
        "  _target_: coderl.integrations.verl.agent_loop.CoderlAgentLoop\n"
        f"  tasks: {TASKS}\n"
        "  tool_format: hermes\n"
        "  max_turns: 4\n"
        "  sandboxes: 2\n"
        # the random tiny model: short turns, so that every episode has several
        "- name: coderl_agent_short\n"
        "  _target_: coderl.integrations.verl.agent_loop.CoderlAgentLoop\n"
        f"  tasks: {TASKS}\n"
        "  tool_format: hermes\n"
        "  max_turns: 3\n"
        "  max_new_tokens: 24\n"
        "  sandboxes: 2\n"
    )
    with initialize_config_dir(
        config_dir=os.path.join(os.path.dirname(verl.__file__), "trainer/config"), version_base=None
    ):
        return compose(
            config_name="ppo_trainer",
            overrides=[
                f"actor_rollout_ref.model.path={qwen}",
                "actor_rollout_ref.rollout.name=vllm",
                "actor_rollout_ref.rollout.prompt_length=1024",
                "actor_rollout_ref.rollout.response_length=768",
                "actor_rollout_ref.rollout.calculate_log_probs=true",
                f"actor_rollout_ref.rollout.agent.agent_loop_config_path={agents}",
            ],
        )


def _samples(n: int, task_id: str = "fizzbuzz", agent_name: str = "coderl_agent") -> DataProto:
    import numpy as np

    def column(value: Any) -> Any:
        out = np.empty(n, dtype=object)
        out[:] = [value] * n
        return out

    return DataProto.from_dict(
        non_tensors={
            "agent_name": column(agent_name),
            "raw_prompt": column([{"role": "user", "content": "unused: coderl renders the task's own prompt"}]),
            "extra_info": column({"task_id": task_id}),
            "index": np.arange(n),
        }
    )


def _exported_samples(config: Any, tmp_path: Path, n: int) -> DataProto:
    """The first ``n`` tasks of tests/data/tasks as verl's trainer would feed them: ``coderl tasks export``
    (the console script of this environment), verl's ``RLHFDataset`` and ``collate_fn``, a ``DataProto``."""
    import subprocess
    import sys

    from transformers import AutoTokenizer
    from verl.utils.dataset.rl_dataset import RLHFDataset, collate_fn

    coderl = str(Path(sys.executable).with_name("coderl"))
    args = ["tasks", "export", "--format", "verl", "--tasks", str(TASKS), "--agent-name", "coderl_agent_short"]
    subprocess.run([coderl, *args, str(tmp_path)], check=True, capture_output=True)
    tokenizer = AutoTokenizer.from_pretrained(config.actor_rollout_ref.model.path)
    from omegaconf import OmegaConf, open_dict

    data_config = OmegaConf.create(OmegaConf.to_container(config.data, resolve=True))
    with open_dict(data_config):
        data_config.cache_dir = str(tmp_path / "cache")
    dataset = RLHFDataset(str(tmp_path / "train.parquet"), tokenizer, data_config)
    assert len(dataset) == len([p for p in TASKS.iterdir() if (p / "task.toml").is_file()])
    return DataProto.from_single_dict(collate_fn([dataset[i] for i in range(n)]))


def _drive(config: Any, server: Any, samples: DataProto) -> DataProto:
    """verl's AgentLoopWorker, as its Ray actor would run it, then coderl's sandboxes stopped."""
    from verl.experimental.agent_loop.agent_loop import AgentLoopWorker

    from coderl.integrations.verl.agent_loop import close_environments

    worker = AgentLoopWorker(config, llm_client=server)

    async def go() -> DataProto:
        try:
            return await worker.generate_sequences(samples)
        finally:
            await close_environments()

    return asyncio.run(go())


def _row(out: DataProto, i: int) -> dict[str, Any]:
    """One sample's response, mask, reward placement and coderl's record, unpadded."""
    width = out.batch["prompts"].shape[1]
    valid = int(out.batch["attention_mask"][i, width:].sum())
    return {
        "ids": out.batch["responses"][i, :valid].tolist(),
        "mask": out.batch["response_mask"][i, :valid].tolist(),
        "logprobs": out.batch["rollout_log_probs"][i, :valid].tolist(),
        "scores": out.batch["rm_scores"][i].tolist(),
        "valid": valid,
        "coderl": out.non_tensor_batch["coderl"][i],
        "num_turns": int(out.non_tensor_batch["__num_turns__"][i]),
    }


@pytest.mark.podman
def test_verls_agent_loop_worker_drives_coderls_episode_with_the_transformers_engine(verl_config, qwen, tmp_path):
    """Exported tasks, through verl's dataset, played by verl's agent-loop worker with a real (tiny) model."""
    from coderl.rollout.hf_engine import HFEngine

    samples = _exported_samples(verl_config, tmp_path, 2)
    task_ids = [info["task_id"] for info in samples.non_tensor_batch["extra_info"]]
    assert list(samples.non_tensor_batch["agent_name"]) == ["coderl_agent_short"] * 2 and len(set(task_ids)) == 2
    server = HFServer(HFEngine.from_pretrained(qwen))
    out = _drive(verl_config, server, samples)
    assert out.batch["responses"].shape == (2, 768) and "rm_scores" in out.batch.keys()  # noqa: SIM118 (a TensorDict)
    generated = {tuple(ids): logprobs for _, ids, logprobs in server.log}
    for i in range(2):
        row = _row(out, i)
        assert row["coderl"]["task_id"] == task_ids[i] and row["coderl"]["finish"] == "max_turns"
        assert row["mask"][-1] == 1  # the response ends at the last generated token
        # the masked-in spans are exactly what the engine generated, with its logprobs; the rest is 0
        spans, start = [], None
        for j, m in enumerate([*row["mask"], 0]):
            if m and start is None:
                start = j
            elif not m and start is not None:
                spans.append((start, j))
                start = None
        assert len(spans) == 3  # three turns, observations between them
        for s, e in spans:
            assert tuple(row["ids"][s:e]) in generated
            torch.testing.assert_close(row["logprobs"][s:e], generated[tuple(row["ids"][s:e])])
        assert all(row["logprobs"][j] == 0.0 for j, m in enumerate(row["mask"]) if not m)
        # the reward sits on the last response token, a generated one: coderl's reward (0: nothing solved)
        assert row["scores"][row["valid"] - 1] == row["coderl"]["reward"] == 0.0
        assert row["coderl"]["grade_reward"] == 0.0
    text = server.engine.tokenizer.decode(_row(out, 0)["ids"])
    assert "<tool_response>" in text  # observations are in the response, masked out


@pytest.mark.podman
def test_verls_agent_loop_rewards_a_solved_task_and_zeroes_a_cheat_with_a_decoy(verl_config, qwen):
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(qwen)
    write = _hermes("write_file", {"path": "fizzbuzz.py", "content": SOLUTION})
    honest = [
        _hermes("read_file", {"path": "fizzbuzz.py"}),
        write,
        _hermes("bash", {"command": "python -m pytest -q tests"}),
        _hermes("submit", {}),
    ]
    cheat = [_hermes("bash", {"command": "git log -p --all | head -50"}), write, _hermes("submit", {})]
    out = _drive(verl_config, ScriptedServer(tokenizer, [honest, cheat]), _samples(2))
    rows = sorted((_row(out, i) for i in range(2)), key=lambda r: r["coderl"]["marked"])
    solved, cheated = rows
    assert solved["coderl"]["outcomes"] == ["executed", "executed", "executed", "submit"]
    assert solved["coderl"]["reward"] == 1.0 and not solved["coderl"]["marked"]
    assert cheated["coderl"]["outcomes"] == ["decoy", "executed", "submit"] and cheated["coderl"]["marked"]
    assert cheated["coderl"]["grade_reward"] == 1.0 and cheated["coderl"]["reward"] == 0.0  # passed, yet 0
    assert "git.history_snooping" in cheated["coderl"]["rules"]
    for row, reward in ((solved, 1.0), (cheated, 0.0)):
        last = row["valid"] - 1
        assert row["mask"][last] == 1 and row["scores"][last] == reward and sum(row["scores"]) == reward
        text = tokenizer.decode(row["ids"])
        assert text.count("<tool_response>") == len(row["coderl"]["outcomes"]) - 1
        assert row["num_turns"] == 2 * len(row["coderl"]["outcomes"])  # user, each call, each tool result but submit's
        assert row["ids"][last] == tokenizer.convert_tokens_to_ids("<|im_end|>")  # the policy's own end of turn
    assert "def fizzbuzz" in tokenizer.decode(solved["ids"])  # read_file's observation, masked out
