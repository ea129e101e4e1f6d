"""The typed training config and the command-line contract: every bad value of every key is refused before
anything runs (exit 2, a message naming the file, section and key, no traceback); exit codes follow one
mapping; nothing a user made is deleted without ``--overwrite``."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import time
import typing
from pathlib import Path
from typing import Any

import annotated_types
import pytest
from sandboxes import CODERL

from coderl.exitcodes import BAD_INPUT, INFRASTRUCTURE, INTERRUPTED, UsageError, exit_code_for
from coderl.train.config import (
    SECTIONS,
    TINY_CONTEXT,
    ConfigError,
    config_from_dict,
    load_config,
)
from coderl.train.rundir import clear_run, earlier_run

BASIC = Path(__file__).resolve().parents[1] / "coderl" / "suites" / "basic"


# --- bad values, derived from the models -----------------------------------------------------------------


def _walk(annotation: Any) -> tuple[set[Any], list[Any], tuple[Any, ...]]:
    """(plain types, range constraints, literal choices) found anywhere in a field's annotation."""
    types: set[Any] = set()
    bounds: list[Any] = []
    literals: tuple[Any, ...] = ()
    stack = [annotation]
    while stack:
        item = stack.pop()
        if typing.get_origin(item) is typing.Literal:
            literals += typing.get_args(item)
            continue
        if isinstance(item, type):
            types.add(item)
        if isinstance(item, (annotated_types.Ge, annotated_types.Gt, annotated_types.Le, annotated_types.Lt)):
            bounds.append(item)
        stack.extend(getattr(item, "metadata", ()))
        stack.extend(typing.get_args(item))
    return types, bounds, literals


def _bad_values(section: str, key: str) -> list[Any]:
    """A wrong-typed value and every out-of-range value for one key."""
    field = SECTIONS[section].model_fields[key]
    types, bounds, literals = _walk(field.annotation)
    for item in field.metadata:
        more = _walk(item)
        bounds += more[1]
    if field.metadata and any(type(m).__name__ == "PlainValidator" for m in field.metadata):  # sizes
        return [True, "lots", -5]
    if literals:
        return ["nonsense", 7]
    if bool in types:
        return ["no", 1]
    if int in types or float in types:
        step = 1 if float not in types else 0.5
        values: list[Any] = ["ten", True]
        for bound in bounds:
            if isinstance(bound, annotated_types.Ge):
                values.append(bound.ge - step)
            elif isinstance(bound, annotated_types.Gt):
                values.append(bound.gt)
            elif isinstance(bound, annotated_types.Le):
                values.append(bound.le + step)
            elif isinstance(bound, annotated_types.Lt):
                values.append(bound.lt)
        if float in types and int not in types:
            values.append(float("nan"))  # nan is in no range
        return values
    return [7, ["a", "list"]]


CASES = [
    (section, key, value)
    for section, model in SECTIONS.items()
    for key in model.model_fields
    for value in _bad_values(section, key)
]


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value + '"'
    if isinstance(value, float) and value != value:
        return "nan"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return repr(value)


@pytest.mark.parametrize("section, key, value", CASES, ids=[f"{s}.{k}={v!r}" for s, k, v in CASES])
def test_every_bad_value_of_every_key_is_refused_naming_it(tmp_path, section, key, value):
    path = tmp_path / "bad.toml"
    path.write_text(f"[{section}]\n{key} = {_toml(value)}\n")
    with pytest.raises(ConfigError) as info:
        load_config(path)
    message = str(info.value)
    assert f"{path}: [{section}] {key}:" in message, message


_PIPES: dict[str, Any] = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE}


def _run(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([CODERL, *args], capture_output=True, text=True, timeout=timeout)


def test_the_command_line_refuses_each_section_with_exit_2_naming_every_key(tmp_path):
    """One file per section with every key wrong at once (types, then ranges): the CLI names them all."""
    procs = []
    for section, model in SECTIONS.items():
        for pick in (0, -1):  # the wrong-typed value, then the last out-of-range one
            lines = [f"{key} = {_toml(_bad_values(section, key)[pick])}" for key in model.model_fields]
            path = tmp_path / f"{section}{pick}.toml"
            path.write_text(f"[{section}]\n" + "\n".join(lines) + "\n")
            command = [CODERL, "train", "--config", str(path)]
            procs.append((section, model, path, subprocess.Popen(command, text=True, **_PIPES)))
    for section, model, path, proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == BAD_INPUT, err
        assert "Traceback" not in err and not out
        for key in model.model_fields:
            assert f"{path}: [{section}] {key}:" in err, (key, err)


def test_a_bad_config_is_refused_before_torch_is_even_imported(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[run]\niterations = "10"\n')
    probe = (
        "import sys\nfrom coderl.train.config import ConfigError, load_config\n"
        f"try:\n    load_config({str(bad)!r})\nexcept ConfigError:\n    pass\n"
        "assert 'torch' not in sys.modules and 'transformers' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", probe], check=True, timeout=60)
    started = time.monotonic()
    result = _run("train", "--config", str(bad))
    assert result.returncode == BAD_INPUT and "[run] iterations: expected an integer, got '10'" in result.stderr
    assert time.monotonic() - started < 5  # about 0.3 s on a quiet machine: no model, no sandbox, no torch


@pytest.mark.parametrize(
    "text, message",
    [
        ('[run]\niterations = "ten"\n', "[run] iterations: expected an integer, got 'ten'"),
        ('[advantage]\nwhiten = "no"\n', "[advantage] whiten: expected true or false, got 'no'"),
        ("[advantage]\nlam = 1.5\nlam_alpha = 0\n", "[advantage] lam: must be <= 1.0, got 1.5"),
        ("[advantage]\nlam = 7\nlam_alpha = 0\n", "[advantage] lam: must be <= 1.0, got 7"),
        ("[advantage]\ngamma = -1\n", "[advantage] gamma: must be >= 0.0, got -1"),
        ("[advantage]\nlam = 0.9\n", "[advantage] lam: a fixed lambda applies only with lam_alpha = 0"),
        ('[model]\npolicy = "/no/such/model"\n', "[model] policy: '/no/such/model' is not a directory"),
        ('[model]\ncritic = "/no/such/critic"\n', "[model] critic: '/no/such/critic' is not a directory"),
        ('[tasks]\ndir = "/no/such/tasks"\n', "[tasks] dir: '/no/such/tasks' is not a directory of tasks"),
        ('[run]\nout_dir = "/proc/coderl-run"\n', "[run] out_dir: '/proc/coderl-run' is not writable"),
        ("[rollout]\nmax_total_tokens = 4096\n", "[rollout] max_total_tokens: 4096 exceeds the policy's context"),
        ("[rollout]\nmax_new_tokens = 600\nmax_total_tokens = 512\n", "[rollout] max_new_tokens: 600 exceeds"),
        ('[tasks]\ngenerate_family = "nope"\n', "[tasks] generate_family: unknown task family 'nope'"),
        ("run = 3\n", "[run]: expected a table, got 3"),
        ('[advantage]\nestimator = "grpo"\nlam = 0.9\n', "[advantage] lam: applies to estimator = 'gae' only"),
        ('[advantage]\nestimator = "grpo"\nwhiten = true\n', "[advantage] whiten: applies to estimator = 'gae'"),
        ('[advantage]\nestimator = "grpo"\n[run]\ngroup_size = 1\n', "[run] group_size: GRPO compares"),
        ('[judge]\nurl = "nowhere"\n', "[judge] url: 'nowhere' is neither an http(s) API base nor a local model"),
    ],
)
def test_the_issue_probes(tmp_path, text, message):
    path = tmp_path / "c.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert message in str(info.value) and str(path) in str(info.value)


def test_an_out_dir_under_a_file_is_refused(tmp_path):
    (tmp_path / "file").write_text("x")
    path = tmp_path / "c.toml"
    path.write_text(f'[run]\nout_dir = "{tmp_path / "file" / "run"}"\n')
    with pytest.raises(ConfigError, match=r"\[run\] out_dir: .* is not a directory"):
        load_config(path)


def test_binary_and_directory_configs_are_bad_input_not_tracebacks(tmp_path):
    binary = tmp_path / "model.toml"
    binary.write_bytes(b"\x00\xff\xfe binary \x89PNG")
    for config in (binary, tmp_path, tmp_path / "missing.toml"):
        result = _run("train", "--config", str(config))
        assert result.returncode == BAD_INPUT and "Traceback" not in result.stderr, result.stderr
        assert str(config) in result.stderr


def test_defaults_follow_the_policy_and_the_rollouts():
    config = config_from_dict({"rollout": {"temperature": 0.7}})
    assert config.ppo.temperature == 0.7  # the learner scores the distribution the rollouts sampled
    assert config.rollout.max_total_tokens == TINY_CONTEXT  # the default shrinks to the tiny policy's context
    assert config_from_dict({"rollout": {"temperature": 0}}).ppo.temperature == 1.0
    assert config_from_dict({"advantage": {"lam": 0.9, "lam_alpha": 0}}).advantage.lam == 0.9
    assert config_from_dict({"advantage": {"lam_alpha": 0.1}}).advantage.lam_alpha == 0.1


def test_the_mirrored_sections_match_the_dataclasses_they_build():
    from coderl.guard.guarded import GuardConfig
    from coderl.guard.judge import JudgeConfig
    from coderl.learner.ppo import PPOConfig
    from coderl.rollout.loop import RolloutConfig
    from coderl.sandbox.config import SandboxConfig

    for name, cls in (
        ("rollout", RolloutConfig),
        ("sandbox", SandboxConfig),
        ("guard", GuardConfig),
        ("judge", JudgeConfig),
        ("ppo", PPOConfig),
    ):
        section = SECTIONS[name]
        hint = f"[{name}] in coderl/train/config.py ({section.__name__}) must mirror {cls.__name__}: add the key there"
        mirrored = [key for key in section.model_fields if key not in section.trainer_keys]
        assert mirrored == [f.name for f in dataclasses.fields(cls)], hint
        assert cls(**section().model_dump(include=set(mirrored))) == cls(), hint  # same defaults


# --- exit codes and probes of the other commands ---------------------------------------------------------


def test_one_mapping_from_error_kind_to_exit_code():
    from coderl.grade.grader import GradingError, TaskNotGradable
    from coderl.sandbox.podman import EngineError
    from coderl.task import TaskError

    assert exit_code_for(ConfigError("x")) == BAD_INPUT
    assert exit_code_for(UsageError("x")) == BAD_INPUT
    assert exit_code_for(TaskError("x", ["x"])) == BAD_INPUT
    assert exit_code_for(FileNotFoundError("x")) == BAD_INPUT
    assert exit_code_for(EngineError("x")) == INFRASTRUCTURE
    assert exit_code_for(GradingError("x")) == INFRASTRUCTURE
    assert exit_code_for(TaskNotGradable("x")) == BAD_INPUT  # a subclass listed on its own wins
    assert exit_code_for(KeyboardInterrupt()) == INTERRUPTED
    assert exit_code_for(ZeroDivisionError()) is None  # a bug keeps its traceback


@pytest.fixture(scope="module")
def fake_model(tmp_path_factory) -> Path:
    """A directory that passes the model checks (config.json with the tiny context) without building weights."""
    path = tmp_path_factory.mktemp("model")
    (path / "config.json").write_text(f'{{"max_position_embeddings": {TINY_CONTEXT}}}')
    return path


ROLLOUT_PROBES = [
    (["--model", "/no/such/model"], "--model: '/no/such/model' is not a directory"),
    (["--concurrency", "0"], "--concurrency: must be >= 1, got 0"),
    (["--max-turns", "0"], "--max-turns: must be >= 1, got 0"),
    (["--sandboxes", "0"], "--sandboxes: must be in [1, 256], got 0"),
    (["--temperature", "-1"], "--temperature: must be >= 0.0, got -1.0"),
    (["--episodes", "-3"], "--episodes: must be in [1, 1000000], got -3"),
    (["--top-p", "2"], "--top-p: must be <= 1.0, got 2.0"),
    (["--max-total-tokens", "9999"], "--max-total-tokens: 9999 exceeds the policy's context (2048 tokens"),
    (["--max-new-tokens", "4000"], "--max-new-tokens: 4000 exceeds max_total_tokens (2048)"),
    (["--max-turns", "many"], "invalid int value: 'many'"),
]


def test_rollout_probes_exit_2_before_anything_loads(tmp_path, fake_model):
    procs = []
    for extra, message in ROLLOUT_PROBES:
        args = ["rollout", "--tasks", str(BASIC), "--model", str(fake_model), "--out", str(tmp_path / "t.jsonl")]
        procs.append((message, subprocess.Popen([CODERL, *args, *extra], text=True, **_PIPES)))
    for message, proc in procs:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == BAD_INPUT and message in err, (message, err)
        assert "Traceback" not in err and not (tmp_path / "t.jsonl").exists()


def test_missing_podman_is_one_line_with_the_fix(tmp_path, fake_model):
    empty = tmp_path / "bin"
    empty.mkdir()
    config = tmp_path / "c.toml"
    config.write_text(f'[run]\nout_dir = "{tmp_path / "run"}"\n')
    env = {"PATH": str(empty), "HOME": str(tmp_path)}
    train = subprocess.Popen([CODERL, "train", "--config", str(config)], env=env, text=True, **_PIPES)
    rollout_args = ["rollout", "--tasks", str(BASIC), "--model", str(fake_model), "--out", str(tmp_path / "t.jsonl")]
    rollout = subprocess.Popen([CODERL, *rollout_args], env=env, text=True, **_PIPES)
    for name, proc in (("train", train), ("rollout", rollout)):
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == INFRASTRUCTURE, err
        assert err.strip().splitlines() == [
            f"coderl {name}: podman is not installed; run scripts/setup-podman.sh (as root) or install podman"
        ], err
    assert not (tmp_path / "run").exists()


# --- nothing lost ------------------------------------------------------------------------------------------


def test_train_refuses_an_earlier_run_without_resume_or_overwrite(tmp_path):
    out = tmp_path / "run"
    out.mkdir()
    (out / "metrics.jsonl").write_text('{"iteration": 0}\n')
    (out / "notes.txt").write_text("mine")
    config = tmp_path / "c.toml"
    config.write_text(f'[run]\nout_dir = "{out}"\n')
    result = _run("train", "--config", str(config))
    assert result.returncode == BAD_INPUT, result.stderr
    assert "holds an earlier run (metrics.jsonl)" in result.stderr
    assert "--resume" in result.stderr and "--overwrite" in result.stderr and "--out-dir" in result.stderr
    assert (out / "metrics.jsonl").read_text() == '{"iteration": 0}\n'
    both = _run("train", "--config", str(config), "--resume", "--overwrite")
    assert both.returncode == BAD_INPUT and "not allowed with argument" in both.stderr


def test_overwrite_clears_only_what_a_run_wrote(tmp_path):
    out = tmp_path / "run"
    for name in ("trajectories/iter-00000.jsonl", "ckpt-00003/state.pt", "tensorboard/events.x", "tasks/a/task.toml"):
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_text("x")
    for name in ("metrics.jsonl", "latest", "summary.json", "notes.txt"):
        (out / name).write_text("x")
    assert [p.name for p in earlier_run(out)][:3] == ["ckpt-00003", "latest", "metrics.jsonl"]
    assert clear_run(out) == 7
    assert [p.name for p in out.iterdir()] == ["notes.txt"] and not earlier_run(out)


def test_init_model_keeps_an_existing_directory(tmp_path, fake_model):
    result = _run("init-model", str(fake_model))
    assert result.returncode == BAD_INPUT and "pass --overwrite" in result.stderr
    assert (fake_model / "config.json").is_file()
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("mine")
    result = _run("init-model", str(mine), "--overwrite")
    assert result.returncode == BAD_INPUT and "not a model directory" in result.stderr
    assert (mine / "notes.txt").read_text() == "mine"


def test_tasks_generate_keeps_same_id_tasks_unless_overwrite(tmp_path):
    out = tmp_path / "gen"
    assert _run("tasks", "generate", "--out", str(out), "-n", "2").returncode == 0
    edited = out / "affine_s0_0000" / "task.toml"
    edited.write_text(edited.read_text() + "# my edit\n")
    again = _run("tasks", "generate", "--out", str(out), "-n", "3")
    assert again.returncode == BAD_INPUT and "2 task(s) already exist" in again.stderr and "--overwrite" in again.stderr
    assert edited.read_text().endswith("# my edit\n") and not (out / "affine_s0_0002").exists()
    other_seed = _run("tasks", "generate", "--out", str(out), "-n", "1", "--seed", "1")
    assert other_seed.returncode == 0 and (out / "affine_s1_0000").is_dir()
    forced = _run("tasks", "generate", "--out", str(out), "-n", "3", "--overwrite")
    assert forced.returncode == 0 and not edited.read_text().endswith("# my edit\n")
    assert sorted(p.name for p in out.iterdir()) == [f"affine_s0_000{i}" for i in range(3)] + ["affine_s1_0000"]
    assert not [p for p in tmp_path.iterdir() if "staging" in p.name]


@pytest.mark.parametrize("n", ["1e20", "100000000000000000000", "0", "-3"])
def test_tasks_generate_caps_n(tmp_path, n):
    result = _run("tasks", "generate", "--out", str(tmp_path / "gen"), "-n", n)
    assert result.returncode == BAD_INPUT and "argument -n" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "gen").exists()


def test_tasks_import_keeps_same_id_tasks_unless_overwrite(tmp_path):
    import json

    record = {
        "task_id": "HumanEval/0",
        "prompt": 'def add(a, b):\n    """Add."""\n',
        "canonical_solution": "    return a + b\n",
        "test": "def check(candidate):\n    assert candidate(1, 2) == 3\n",
        "entry_point": "add",
    }
    source = tmp_path / "he.jsonl"
    source.write_text(json.dumps(record) + "\n")
    out = tmp_path / "tasks"
    assert _run("tasks", "import", str(source), "--format", "humaneval", "--out", str(out)).returncode == 0
    (task,) = out.iterdir()
    (task / "task.toml").write_text((task / "task.toml").read_text() + "# my edit\n")
    again = _run("tasks", "import", str(source), "--format", "humaneval", "--out", str(out))
    assert again.returncode == BAD_INPUT and "already exist" in again.stderr
    assert (task / "task.toml").read_text().endswith("# my edit\n")
    forced = _run("tasks", "import", str(source), "--format", "humaneval", "--out", str(out), "--overwrite")
    assert forced.returncode == 0 and not (task / "task.toml").read_text().endswith("# my edit\n")


# --- flags generated from the models ---------------------------------------------------------------------


def _judge_args(*argv: str) -> Any:
    import argparse

    from coderl.train.flags import add_judge_flags

    parser = argparse.ArgumentParser()
    add_judge_flags(parser)
    return parser.parse_args(list(argv))


def test_judge_flags_are_the_judge_and_guard_keys():
    from coderl.guard.guarded import GuardConfig
    from coderl.train.flags import judge_from_flags

    assert judge_from_flags(_judge_args()) == (None, GuardConfig())
    judge, guard = judge_from_flags(
        _judge_args(
            "--judge", "http://127.0.0.1:9/v1", "--judge-model", "m", "--judge-timeout", "5", "--judge-mode", "all"
        )
    )
    assert judge is not None and (judge.url, judge.model, judge.timeout_s) == ("http://127.0.0.1:9/v1", "m", 5.0)
    assert guard.judge_mode == "all"
    with pytest.raises(ValueError, match=r"--judge-model: needs --judge URL"):
        judge_from_flags(_judge_args("--judge-model", "m"))
    with pytest.raises(ValueError, match=r"--judge-timeout: must be > 0.0, got 0.0"):
        judge_from_flags(_judge_args("--judge", "x", "--judge-timeout", "0"))
    with pytest.raises(ValueError, match=r"--judge-sample-rate: must be <= 1.0, got 2.0"):
        judge_from_flags(_judge_args("--judge-sample-rate", "2"))
    with pytest.raises(SystemExit):
        _judge_args("--judge-mode", "sometimes")  # argparse: not one of the choices, exit 2


def test_rollout_flags_take_their_defaults_from_the_rollout_section():
    result = _run("rollout", "--help")
    assert result.returncode == 0
    text = " ".join(result.stdout.split())
    for flag, default in (("--max-turns", 8), ("--max-new-tokens", 256), ("--temperature", 1.0), ("--concurrency", 8)):
        assert flag in text and f"(default: {default})" in text, flag


def test_tiny_context_is_what_init_model_writes():
    import inspect

    from coderl.rollout.tiny_model import build_tiny_policy

    default = inspect.signature(build_tiny_policy).parameters["max_position_embeddings"].default
    assert default == TINY_CONTEXT  # the default max_total_tokens of `coderl rollout` and `coderl train` fits it


def test_rollout_refuses_an_out_it_cannot_write(tmp_path, fake_model):
    for out, message in ((tmp_path, "is a directory"), (Path("/proc/none/t.jsonl"), "is not writable")):
        result = _run("rollout", "--tasks", str(BASIC), "--model", str(fake_model), "--out", str(out))
        assert result.returncode == BAD_INPUT and "--out: " in result.stderr and message in result.stderr, result.stderr


@pytest.mark.podman
@pytest.mark.slow
def test_sigterm_cleans_up_sandboxes_and_the_podman_service_quietly(tmp_path):
    import os
    import signal

    from coderl.exitcodes import TERMINATED
    from coderl.rollout.tiny_model import build_tiny_policy
    from coderl.sandbox.config import SandboxConfig
    from coderl.sandbox.podman import OWNER_LABEL, PodmanEngine

    model = build_tiny_policy(tmp_path / "tiny", seed=0)
    out = tmp_path / "trajs.jsonl"
    args = ["rollout", "--tasks", str(BASIC), "--model", str(model), "--episodes", "40", "--out", str(out)]
    proc = subprocess.Popen([CODERL, *args, "--sandboxes", "2", "--max-turns", "2"], text=True, **_PIPES)
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and not (out.exists() and out.read_text().count("\n") >= 1):
        time.sleep(0.2)
    os.kill(proc.pid, signal.SIGTERM)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == TERMINATED and "Traceback" not in err, err
    services = [p for p in os.listdir("/proc") if p.isdigit() and f"coderl-api-{proc.pid}-".encode() in _cmdline(p)]
    assert services == []
    engine = PodmanEngine(SandboxConfig())
    try:
        owners = [c["labels"].get(OWNER_LABEL, "") for c in engine.list_sandboxes()]
    finally:
        engine.close()
    assert not [o for o in owners if f":{proc.pid}:" in o]


def _cmdline(pid: str) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def test_tasks_commands_name_a_bad_path(tmp_path):
    for args, message in (
        (["check", str(tmp_path / "none")], "none: not a directory"),
        (["import", str(tmp_path / "none.jsonl"), "--format", "mbpp", "--out", str(tmp_path / "o")], "none.jsonl:"),
        (["generate", "--out", "/proc/coderl-tasks", "-n", "2"], "'/proc/coderl-tasks' is not writable"),
    ):
        result = _run("tasks", *args)
        assert result.returncode == BAD_INPUT and message in result.stderr, result.stderr
        assert "Traceback" not in result.stderr
