"""The trainer's parts without sandboxes: its phases reused by a subclass (scripted episodes), resume after a
checkpoint through the metrics log, the engine factory and the ``[rollout] engine`` key, and the size of
the trainer's functions.

The vLLM cases run in the vLLM environment: ``.venv-vllm/bin/pytest tests/test_trainer.py -m vllm``.
"""

from __future__ import annotations

import ast
import json
import subprocess
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from sandboxes import CODERL

from coderl.exitcodes import BAD_INPUT
from coderl.rollout.engine import ENGINES, Engine, EngineUnavailable, SamplingParams, check_engine
from coderl.rollout.protocol import ChatFormat
from coderl.rollout.trajectory import Trajectory
from coderl.train.config import ConfigError, config_from_dict, load_config
from coderl.train.metrics import MetricsLog
from coderl.train.trainer import Trainer

TRAIN_DIR = Path(__file__).resolve().parents[1] / "coderl" / "train"


def _vllm_installed() -> bool:
    try:
        check_engine("vllm")
    except EngineUnavailable:
        return False
    return True


# -- [rollout] engine and the factory -------------------------------------------------------------------------


def test_the_engine_key_is_typed_and_reaches_the_trainer(tmp_path):
    assert config_from_dict({}).engine == "hf"
    config = config_from_dict({"rollout": {"engine": "vllm"}})
    assert config.engine == "vllm" and not hasattr(config.rollout, "engine")  # the trainer's key, not the loop's
    assert config.to_dict()["rollout"]["engine"] == "vllm" and "engine" not in config.to_dict()
    path = tmp_path / "c.toml"
    for value, message in (('"sglang"', "must be 'hf' or 'vllm', got 'sglang'"), ("1", "must be 'hf' or 'vllm'")):
        path.write_text(f"[rollout]\nengine = {value}\n")
        with pytest.raises(ConfigError, match=rf"{path}: \[rollout\] engine: {message}"):
            load_config(path)
    assert ENGINES == ("hf", "vllm")


def test_the_factory_refuses_unknown_engines_and_names_the_fix_for_missing_ones():
    with pytest.raises(ValueError, match="unknown engine 'sglang'"):
        check_engine("sglang")
    check_engine("hf")
    if not _vllm_installed():
        with pytest.raises(EngineUnavailable, match=r"setup-vllm\.sh"):
            check_engine("vllm")


@pytest.mark.skipif(_vllm_installed(), reason="vllm is installed here")
def test_train_with_vllm_missing_is_bad_input_before_anything_runs(tmp_path):
    config = tmp_path / "c.toml"
    config.write_text(f'[run]\nout_dir = "{tmp_path / "run"}"\n[rollout]\nengine = "vllm"\n')
    result = subprocess.run([CODERL, "train", "--config", str(config)], capture_output=True, text=True, timeout=120)
    assert result.returncode == BAD_INPUT, result.stderr
    assert "[rollout] engine: the vllm engine needs vllm" in result.stderr and "setup-vllm.sh" in result.stderr
    assert "Traceback" not in result.stderr and not (tmp_path / "run").exists()


def test_no_function_in_the_trainer_is_over_60_lines():
    for name in ("trainer.py", "metrics.py", "loop.py"):
        tree = ast.parse((TRAIN_DIR / name).read_text())
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                assert length <= 60, f"{name}: {node.name} is {length} lines"


# -- the metrics log ------------------------------------------------------------------------------------------


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_the_metrics_log_keeps_what_the_checkpoint_covers_atomically(tmp_path, monkeypatch):
    path = tmp_path / "metrics.jsonl"
    path.write_text("".join(json.dumps({"iteration": i, "reward": i / 10}) + "\n" for i in range(5)) + '{"iter')
    before = path.read_text()

    def crash(*args: object) -> None:
        raise OSError("disk full")

    with monkeypatch.context() as m:  # a crash while rewriting leaves the old log whole
        m.setattr("coderl.train.metrics.os.replace", crash)
        with pytest.raises(OSError, match="disk full"):
            MetricsLog(tmp_path, start=3, tensorboard=False)
    assert path.read_text() == before

    with MetricsLog(tmp_path, start=3) as metrics:
        assert [r["iteration"] for r in metrics.history] == [0, 1, 2]
        assert [r["iteration"] for r in _lines(path)] == [0, 1, 2]  # the torn line and iterations 3, 4 went
        metrics.append({"iteration": 3, "reward": 0.5, "finish": {"submit": 2}, "critic_only": False})
    assert [r["iteration"] for r in _lines(path)] == [0, 1, 2, 3]
    assert list((tmp_path / "tensorboard").glob("events.*"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["metrics.jsonl", "tensorboard"]  # no temporary left
    with MetricsLog(tmp_path, start=0, tensorboard=False) as fresh:
        assert fresh.history == [] and path.read_text() == ""


# -- the phases, reused by a subclass -------------------------------------------------------------------------


class ScriptedTrainer(Trainer):
    """The real trainer with episodes played without sandboxes: one turn per task prompt, rewarded by the
    parity of its first token. Everything else (experience, update, sync, log, checkpoint, resume) is the
    trainer's own."""

    @asynccontextmanager
    async def sandboxes(self) -> AsyncIterator[None]:
        yield None

    async def rollout(self, index: int) -> list[Trajectory]:
        assert self.engine is not None
        fmt = ChatFormat(self.engine.tokenizer, self.config.rollout.system_prompt)
        prompts = [fmt.prompt_ids(task.prompt) for task in self.tasks]
        params = SamplingParams(max_new_tokens=8, temperature=1.0, seed=1000 + index)
        trajectories = []
        for i, (prompt, gen) in enumerate(zip(prompts, await self.engine.generate(prompts, params), strict=True)):
            traj = Trajectory(task_id=self.tasks[i].id, episode_id=f"it{index}-{i}", prompt_len=len(prompt))
            traj.append(prompt, policy=False)
            traj.append(gen.token_ids, policy=True, logprobs=gen.logprobs)
            traj.turns = [(len(prompt), len(prompt) + len(gen.token_ids))]
            traj.reward, traj.finish = float(gen.token_ids[0] % 2), "submit"
            trajectories.append(traj)
        return trajectories


def _scripted_config(out: Path, engine: str, iterations: int, **run: Any) -> Any:
    return config_from_dict(
        {
            "run": {
                "out_dir": str(out),
                "iterations": iterations,
                "episodes_per_iteration": 4,
                "group_size": 1,
                "value_pretrain_iterations": 1,
                "seed": 3,
                **run,
            },
            "tasks": {"generate_n": 4},
            "rollout": {"engine": engine, "max_new_tokens": 8, "max_total_tokens": 512},
            "ppo": {"policy_lr": 1e-3, "critic_lr": 1e-3, "epochs": 1, "minibatch_size": 2},
        }
    )


KEYS = ("reward", "policy_loss", "value_loss", "entropy", "response_tokens")


@pytest.mark.parametrize("engine", ["hf", pytest.param("vllm", marks=pytest.mark.vllm)])
def test_a_subclass_reuses_the_phases_and_resumes_exactly(tmp_path, engine):
    if engine == "vllm" and not _vllm_installed():
        pytest.skip("vllm is not installed (run with -m vllm in .venv-vllm)")
    import asyncio

    from rich.console import Console

    quiet = Console(quiet=True)
    full = asyncio.run(ScriptedTrainer(_scripted_config(tmp_path / "full", engine, 3), console=quiet).run())
    runs = _lines(tmp_path / "full" / "metrics.jsonl")
    assert full["iterations"] == 3 and [r["iteration"] for r in runs] == [0, 1, 2]
    assert runs[0]["critic_only"] and not runs[1]["critic_only"]
    for record in runs:
        assert record["sync_s"] > 0 and record["sync_mb"] > 0.1 and record["episodes"] == 4
    assert runs[1]["policy_loss"] != 0.0

    # two iterations, then a log that ran ahead of the checkpoint (a record and a torn line): resume to three
    asyncio.run(ScriptedTrainer(_scripted_config(tmp_path / "cut", engine, 2), console=quiet).run())
    log = tmp_path / "cut" / "metrics.jsonl"
    log.write_text(log.read_text() + json.dumps({"iteration": 2, "reward": 9.0}) + "\n" + '{"itera')
    resumed = ScriptedTrainer(_scripted_config(tmp_path / "cut", engine, 3), resume=True, console=quiet)
    asyncio.run(resumed.run())
    assert resumed.start == 2
    again = _lines(log)
    assert [r["iteration"] for r in again] == [0, 1, 2]
    for a, b in zip(runs, again, strict=True):
        keys = [k for k in KEYS if k in a]
        assert keys == [k for k in KEYS if k in b]
        assert {k: a[k] for k in keys} == pytest.approx({k: b[k] for k in keys}, rel=1e-4, abs=1e-6)
    assert json.loads((tmp_path / "cut" / "config.json").read_text())["rollout"]["engine"] == engine


class AheadTrainer(ScriptedTrainer):
    """The scripted trainer writing its trajectories as the real rollout does (a resumed one-step-off-policy run
    reads back the episodes played before its checkpoint), and able to die right after checkpoint ``kill_after``."""

    kill_after: int | None = None

    async def rollout(self, index: int) -> list[Trajectory]:
        trajectories = await super().rollout(index)
        with self.trajectory_writer(index, self.plan(index)[1]) as writer:
            for traj in trajectories:
                writer.write(traj)
        return trajectories

    def checkpoint(self, index: int) -> Path:
        path = super().checkpoint(index)
        if index == self.kill_after:
            raise KeyboardInterrupt(f"killed after checkpoint {index}")
        return path


def _ahead_config(out: Path, ahead: int) -> Any:
    return _scripted_config(out, "hf", 3, rollout_ahead=ahead)


def _versions(out: Path, index: int) -> set[int]:
    return {r["policy_version"] for r in _lines(out / "trajectories" / f"iter-{index:05d}.jsonl")}


def test_one_step_off_policy_plays_the_next_iteration_on_the_previous_weights_and_resumes_exactly(tmp_path):
    import asyncio

    from rich.console import Console

    quiet = Console(quiet=True)
    asyncio.run(AheadTrainer(_ahead_config(tmp_path / "on", 0), console=quiet).run())
    asyncio.run(AheadTrainer(_ahead_config(tmp_path / "off", 1), console=quiet).run())
    on, off = _lines(tmp_path / "on" / "metrics.jsonl"), _lines(tmp_path / "off" / "metrics.jsonl")
    assert [r["policy_lag"] for r in on] == [0, 0, 0] and [r["policy_lag"] for r in off] == [0, 1, 1]
    assert [_versions(tmp_path / "on", i) for i in range(3)] == [{0}, {1}, {2}]
    assert [_versions(tmp_path / "off", i) for i in range(3)] == [{0}, {0}, {1}]  # one sync behind from iteration 1
    assert all("rollout_wait_s" in r for r in off[:2]) and "rollout_wait_s" not in off[2]
    # Iteration 0 trains only the critic, so iteration 1's episodes come from the same policy weights in both runs:
    # the same episodes, and the update run in a worker thread beside the rollout gives the same losses.
    for a, b in zip(on[:2], off[:2], strict=True):
        assert {k: a[k] for k in KEYS if k in a} == pytest.approx({k: b[k] for k in KEYS if k in b}, rel=1e-4)

    # killed right after checkpoint 1 (iteration 2's episodes already played, on weights v1): the resumed run reads
    # them back instead of playing them on the checkpoint's newer weights, and ends where the uninterrupted run did
    cut = AheadTrainer(_ahead_config(tmp_path / "cut", 1), console=quiet)
    cut.kill_after = 1
    with pytest.raises(KeyboardInterrupt):
        asyncio.run(cut.run())
    played = (tmp_path / "cut" / "trajectories" / "iter-00002.jsonl").read_text()
    resumed = AheadTrainer(_ahead_config(tmp_path / "cut", 1), resume=True, console=quiet)
    asyncio.run(resumed.run())
    assert resumed.start == 2
    assert (tmp_path / "cut" / "trajectories" / "iter-00002.jsonl").read_text() == played  # kept, not replayed
    again = _lines(tmp_path / "cut" / "metrics.jsonl")
    assert [r["policy_lag"] for r in again] == [0, 1, 1]
    for a, b in zip(off, again, strict=True):
        assert {k: a[k] for k in KEYS if k in a} == pytest.approx({k: b[k] for k in KEYS if k in b}, rel=1e-4)


def test_the_trainer_needs_only_the_engine_interface():
    """Everything the trainer calls on an engine is declared on the Engine protocol."""
    used = set()
    tree = ast.parse((TRAIN_DIR / "trainer.py").read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) and node.value.attr == "engine":
            used.add(node.attr)
    declared = set(Engine.__annotations__) | {n for n in vars(Engine) if not n.startswith("_")}
    assert used and used <= declared, used - declared
