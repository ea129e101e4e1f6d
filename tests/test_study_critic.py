"""Study A of issue 18: the ``trail`` task family, its demonstrations, and a smoke of the critic-vs-GRPO study.

The family's tasks must be valid, vary in length (2 to 7 turns), hide the answer from the prompt, and be
solved by their demonstration in a real sandbox with exactly the observations the demonstration records.
The smoke runs the study script itself (one seed, two iterations, tiny sizes, real sandboxes) and checks the
summary's structure and values.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from coderl.suites.generator import generate_tasks, reference_demonstration
from coderl.suites.trail import MAX_HOPS, min_turns, trail_task
from coderl.task import load_tasks

ROOT = Path(__file__).resolve().parents[1]
STUDY = ROOT / "benchmarks" / "study_critic_vs_grpo.py"
SYSTEM = "Solve the task with tool calls, one per turn, as <tool>{JSON}</tool>."


@pytest.fixture(scope="module")
def trail_tasks(tmp_path_factory: pytest.TempPathFactory) -> list:
    root = tmp_path_factory.mktemp("trail")
    generate_tasks(root, 40, seed=0, family="trail")
    return load_tasks(root)


def test_trail_tasks_load_and_their_lengths_span_two_to_seven_turns(trail_tasks):
    turns = [min_turns(t) for t in trail_tasks]
    assert len(trail_tasks) == 40
    assert set(turns) == set(range(2, MAX_HOPS + 3))  # every length from 2 to 7 occurs in 40 tasks of seed 0
    for task in trail_tasks:
        assert task.has_tests and "solution.py" in task.workspace
        assert (task.root / "solution" / "solution.py").is_file()


def test_the_answer_is_only_in_the_notes_and_the_demonstration_follows_the_trail(trail_tasks):
    for task in trail_tasks:
        steps = reference_demonstration(task.root)
        assert steps is not None and len(steps) == min_turns(task)
        solution = (task.root / "solution" / "solution.py").read_text()
        value = solution.split("return ", 1)[1].strip()
        reads = [(a, o) for a, o in steps if a["tool"] == "read_file"]
        if reads:
            assert value not in task.prompt  # the value must be read, not copied from the prompt
            assert reads[0][0]["path"] in task.prompt
            for (action, observation), (following, _) in itertools.pairwise(reads):
                assert observation == task.workspace[action["path"]].decode()  # exactly what read_file returns
                assert observation.rstrip().endswith(f"next: {following['path']}")
            assert reads[-1][1].rstrip().endswith(f"answer: {value}")
        else:
            assert value in task.prompt
        assert [a["tool"] for a, _ in steps[len(reads) :]] == ["write_file", "submit"]
        assert steps[-2][0]["content"] == solution
        assert steps[-2][1] == f"Wrote {len(solution.encode())} bytes to /workspace/solution.py"
        # decoy notes: two more than the trail, each ending with a different (wrong) answer
        notes = [p for p in task.workspace if p.endswith(".txt")]
        assert len(notes) == len(reads) + 2


def test_generation_is_seeded_and_a_smaller_n_is_a_prefix(tmp_path):
    a = generate_tasks(tmp_path / "a", 6, seed=3, family="trail")
    b = generate_tasks(tmp_path / "b", 3, seed=3, family="trail")
    c = generate_tasks(tmp_path / "c", 3, seed=4, family="trail")
    for x, y in zip(a[:3], b, strict=True):
        assert (x / "demonstration.json").read_text() == (y / "demonstration.json").read_text()
    assert (a[0] / "demonstration.json").read_text() != (c[0] / "demonstration.json").read_text()


def test_trail_task_refuses_a_trail_longer_than_max_hops():
    with pytest.raises(ValueError, match="hops must be in"):
        trail_task(random.Random(0), hops=MAX_HOPS + 1)
    assert min_turns(["generated", "hops-3"]) == 5


def test_a_malformed_demonstration_is_a_value_error_naming_the_file(tmp_path):
    (tmp_path / "demonstration.json").write_text('{"steps": [{"observation": "x"}]}')
    with pytest.raises(ValueError, match=r"demonstration\.json"):
        reference_demonstration(tmp_path)
    (tmp_path / "demonstration.json").unlink()
    assert reference_demonstration(tmp_path) is None


def test_the_warm_start_example_trains_on_calls_and_skips_observations(trail_tasks, tmp_path):
    from transformers import AutoTokenizer

    from coderl.rollout.protocol import ChatFormat
    from coderl.rollout.tiny_model import build_tiny_policy
    from coderl.train.sft import demonstration_example

    tokenizer = AutoTokenizer.from_pretrained(str(build_tiny_policy(tmp_path / "tiny")))
    fmt = ChatFormat(tokenizer, SYSTEM)
    task = max(trail_tasks, key=min_turns)
    steps = reference_demonstration(task.root)
    example = demonstration_example(fmt, task, steps)
    trained = tokenizer.decode([t for t, m in zip(example.token_ids, example.loss_mask, strict=True) if m])
    skipped = tokenizer.decode([t for t, m in zip(example.token_ids, example.loss_mask, strict=True) if not m])
    assert trained.count('"tool": "read_file"') == min_turns(task) - 2
    assert trained.rstrip().endswith('{"tool": "submit"}</tool>')
    for _, observation in steps[:-1]:  # every observation is in the sequence, outside the loss
        assert observation.strip().splitlines()[-1] in skipped
        assert observation.strip().splitlines()[-1] not in trained


def test_the_cosine_warm_start_schedule_warms_up_then_decays_to_zero():
    from coderl.train.config import ConfigError, config_from_dict
    from coderl.train.sft import lr_factor

    assert [lr_factor(s, 100, "constant") for s in (0, 50, 99)] == [1.0, 1.0, 1.0]
    cosine = [lr_factor(s, 100, "cosine") for s in range(100)]
    assert cosine[:5] == pytest.approx([0.2, 0.4, 0.6, 0.8, 1.0])  # 5 warm-up steps
    assert all(a >= b for a, b in itertools.pairwise(cosine[4:]))  # then never rising
    assert cosine[52] == pytest.approx(0.5, abs=0.02) and cosine[-1] == pytest.approx(0.0)
    assert lr_factor(0, 1, "cosine") == 1.0  # one step: the whole warm-up
    assert config_from_dict({"sft": {"steps": 5, "schedule": "cosine"}}).sft.schedule == "cosine"
    with pytest.raises(ConfigError, match="schedule"):
        config_from_dict({"sft": {"steps": 5, "schedule": "linear"}})


@pytest.mark.podman
def test_demonstrations_solve_their_tasks_in_a_real_sandbox_with_the_recorded_observations(live_pool, tmp_path):
    """The demonstration, replayed through an episode (guard, sandbox, grader), earns reward 1 and sees exactly
    the observations it records; writing a decoy note's answer instead earns 0."""
    from coderl.action import parse_action
    from coderl.episode import Episode
    from coderl.grade.grader import Grader
    from coderl.guard.guarded import Guard
    from coderl.suites.generator import write_task
    from coderl.tools import resolve_path, written

    rng = random.Random(7)
    tasks = []
    for hops in (0, 2, MAX_HOPS):
        spec = trail_task(rng, hops=hops)
        root = write_task(tmp_path / f"t{hops}", task_id=f"trail_t{hops}", prompt=spec.prompt,
                          workspace=spec.workspace, hidden=spec.hidden, solution=spec.solution)  # fmt: skip
        (root / "demonstration.json").write_text(
            json.dumps({"steps": [{"action": a, "observation": o} for a, o in spec.demonstration]})
        )
        tasks.append(load_tasks(root)[0])
    grader, guard = Grader(live_pool.pool), Guard()

    async def play(task, steps):
        seen = []
        async with Episode(task, pool=live_pool.pool, guard=guard, grader=grader, episode_id=task.id) as episode:
            for action, _ in steps:
                step = await episode.step(parse_action(action))
                seen.append(step.observation)
                if episode.done:
                    break
            outcome = await episode.finish()
        return seen, outcome

    for task in tasks:
        steps = reference_demonstration(task.root)
        seen, outcome = live_pool.run(play(task, steps))
        assert seen == [o for _, o in steps], task.id
        assert outcome.reward == 1.0 and outcome.finish == "submit", (task.id, outcome.record())
    # a wrong answer (a decoy note's) fails the hidden test
    task = tasks[-1]
    steps = reference_demonstration(task.root)
    trail = {a["path"] for a, _ in steps if a["tool"] == "read_file"}
    decoy = next(p for p in task.workspace if p.endswith(".txt") and p not in trail)
    wrong = task.workspace[decoy].decode().rstrip().rsplit("answer: ", 1)[1]
    content = f"def f():\n    return {wrong}\n"
    bad = [*steps[:-2], ({"tool": "write_file", "path": "solution.py", "content": content},
                         written(resolve_path("solution.py"), len(content)).observation), steps[-1]]  # fmt: skip
    _, outcome = live_pool.run(play(task, bad))
    assert outcome.reward == 0.0 and outcome.finish == "submit"


def _study(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    env = {**os.environ, "TRANSFORMERS_VERBOSITY": "error"}
    return subprocess.run([sys.executable, str(STUDY), *args], capture_output=True, text=True, timeout=timeout, env=env)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seeds", "0"], "--seeds: must be in [1, 100]"),
        (["--iterations", "1"], "--iterations: must be in [2, 10000]"),
        (["--arms", "gae,ppo"], "--arms: expected distinct names"),
        (["--config", "/nonexistent.toml"], "--config: '/nonexistent.toml' is not a file"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(tmp_path, args, message):
    result = _study("--smoke", "--out", str(tmp_path / "out"), *args)
    assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()  # refused before anything was written


def test_the_output_directory_is_never_overwritten_silently(tmp_path):
    (tmp_path / "file").write_text("x")
    result = _study("--smoke", "--out", str(tmp_path / "file"))
    assert result.returncode == 2 and "exists and is not a directory" in result.stderr
    other = tmp_path / "other"
    other.mkdir()
    (other / "keep.txt").write_text("mine")
    result = _study("--smoke", "--out", str(other))
    assert result.returncode == 2 and "not empty" in result.stderr
    result = _study("--smoke", "--out", str(other), "--overwrite")  # not a study: not deleted even so
    assert result.returncode == 2 and "holds no study.json" in result.stderr
    assert (other / "keep.txt").read_text() == "mine"
    bad = tmp_path / "bad.toml"
    bad.write_text("[run]\niterations = 'three'\n")
    result = _study("--smoke", "--out", str(tmp_path / "o2"), "--config", str(bad), timeout=120)
    assert result.returncode == 2 and "[run] iterations" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "o2").exists()  # refused before the output directory was made


def _ours(pid: int) -> list[str]:
    from coderl.sandbox.config import SandboxConfig
    from coderl.sandbox.podman import OWNER_LABEL, PodmanEngine

    engine = PodmanEngine(SandboxConfig())
    try:
        return [c["name"] for c in engine.list_sandboxes() if f":{pid}:" in c["labels"].get(OWNER_LABEL, "")]
    finally:
        engine.close()


@pytest.mark.podman
@pytest.mark.slow
@pytest.mark.study
def test_smoke_study_writes_a_sane_summary_and_leaves_no_containers(tmp_path):
    """One seed, two iterations (the first critic-only), every arm, real sandboxes: the CI smoke."""
    out = tmp_path / "study"
    env = {**os.environ, "TRANSFORMERS_VERBOSITY": "error"}
    proc = subprocess.Popen([sys.executable, str(STUDY), "--smoke", "--out", str(out)], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    _, stderr = proc.communicate(timeout=600)
    assert proc.returncode == 0, stderr[-3000:]
    assert _ours(proc.pid) == []
    summary = json.loads((out / "summary.json").read_text())
    settings = summary["settings"]
    assert settings["size"] == "smoke" and settings["seeds"] == 1 and settings["iterations"] == 2
    assert set(summary["arms"]) == {"gae", "grpo", "gae-adaptive"}
    assert "study_critic_vs_grpo.py --smoke --out" in (out / "command.txt").read_text()
    study = json.loads((out / "study.json").read_text())
    assert set(study["runs"]) == {"seed-0/gae", "seed-0/grpo", "seed-0/gae-adaptive"}
    assert study["runs"]["seed-0/grpo"]["advantage"]["estimator"] == "grpo"
    assert study["runs"]["seed-0/gae-adaptive"]["advantage"]["lam_alpha"] == 0.05
    # the held-out tasks were never trained on
    heldout = set(summary["heldout_tasks"])
    trained = {json.loads(line)["task_id"] for p in out.glob("seed-0/*/trajectories/*.jsonl") for line in p.open()}
    assert heldout and trained and not heldout & trained
    for arm, data in summary["arms"].items():
        points = data["heldout_pass_rate"]
        assert [p["episodes_trained"] for p in points] == [0, 16], arm  # before training, after the last iteration
        for point in points:
            stats = point["all"]
            assert stats["n"] == 1 and 0.0 <= stats["mean"] <= 1.0
            assert stats["mean"] == point["per_seed"][0]
        assert points[0]["all"]["mean"] == summary["initial_heldout"]["0"]["all"]  # shared warm start
        rows = data["advantage_corr_per_iteration"]
        assert [r["iteration"] for r in rows] == [0, 1]
        for row in rows:
            for key in ("all", "short", "long"):
                mean = row[key]["mean"]
                assert mean is None or -1.0 <= mean <= 1.0
        assert set(data["episodes_to_reach"]) == {"0.3", "0.5", "0.7"}
        for reach in data["episodes_to_reach"].values():
            assert len(reach["per_seed"]) == 1 and reach["per_seed"][0] in (None, 0, 16)
        assert len(data["train_pass_rate"]) == 2
    run = json.loads((out / "seed-0" / "gae" / "study_run.json").read_text())
    qualities = [it["advantage_quality"]["all"] for it in run["iterations"]]
    assert all(q["tokens"] > 0 for q in qualities)
    for name in ("pass_rate.png", "advantage_quality.png"):
        assert (out / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # a second run into the same directory is refused without --overwrite
    again = _study("--smoke", "--out", str(out))
    assert again.returncode == 2 and "--overwrite" in again.stderr


@pytest.mark.podman
@pytest.mark.slow
def test_sigterm_stops_the_study_and_removes_its_containers(tmp_path):
    out = tmp_path / "study"
    env = {**os.environ, "TRANSFORMERS_VERBOSITY": "error"}
    proc = subprocess.Popen([sys.executable, str(STUDY), "--smoke", "--out", str(out)], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and not _ours(proc.pid) and proc.poll() is None:
        time.sleep(0.5)
    assert proc.poll() is None, "the study ended before its first sandbox started"
    time.sleep(2)
    os.kill(proc.pid, signal.SIGTERM)
    _, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 143 and "Traceback" not in stderr, stderr[-3000:]
    assert _ours(proc.pid) == []
    services = [p for p in os.listdir("/proc") if p.isdigit() and f"coderl-api-{proc.pid}-".encode() in _cmdline(p)]
    assert services == []


def _cmdline(pid: str) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _played(fmt, task, steps):
    """A trajectory-like record of ``steps`` played on ``task``: token ids and turn spans, as rollouts keep them."""
    from types import SimpleNamespace

    from coderl.train.sft import demonstration_example

    example = demonstration_example(fmt, task, steps)
    turns, start = [], None
    for i, m in enumerate([*example.loss_mask, False]):
        if m and start is None:
            start = i
        elif not m and start is not None:
            turns.append((start, i))
            start = None
    return SimpleNamespace(task_id=task.id, token_ids=example.token_ids, turns=turns)


def test_turn_labels_mark_right_and_wrong_moves_and_advantage_quality_scores_them(trail_tasks, tmp_path):
    import torch
    from study_critic_vs_grpo import advantage_quality, turn_labels
    from transformers import AutoTokenizer

    from coderl.rollout.protocol import ChatFormat
    from coderl.rollout.tiny_model import build_tiny_policy

    tokenizer = AutoTokenizer.from_pretrained(str(build_tiny_policy(tmp_path / "tiny")))
    fmt = ChatFormat(tokenizer, SYSTEM)
    task = next(t for t in trail_tasks if min_turns(t) == 5)
    steps = reference_demonstration(task.root)
    right = _played(fmt, task, steps)
    assert turn_labels(right, task, fmt) == [1, 1, 1, 1, 1]
    decoy = next(p for p in task.workspace if p.endswith(".txt") and p not in {a.get("path") for a, _ in steps})
    wrong_read = [steps[0], ({"tool": "read_file", "path": decoy}, "x"), *steps[1:]]
    assert turn_labels(_played(fmt, task, wrong_read), task, fmt) == [1, 0, 1, 1, 1, 1]
    early = [steps[0], steps[-1]]  # submits before writing
    assert turn_labels(_played(fmt, task, early), task, fmt) == [1, 0]
    # advantages equal to the labels correlate perfectly with them; the MC return (1 here) is constant: no corr
    trajs = [right, _played(fmt, task, wrong_read)]
    width = max(len(t.token_ids) for t in trajs) - 1
    adv, mask, rewards = torch.zeros(2, width), torch.zeros(2, width, dtype=torch.bool), torch.zeros(2, width)
    labels = [turn_labels(t, task, fmt) for t in trajs]
    for row, t in enumerate(trajs):
        for k, (begin, end) in enumerate(t.turns):
            mask[row, begin - 1 : end - 1] = True
            adv[row, begin - 1 : end - 1] = float(labels[row][k])
        rewards[row, t.turns[-1][1] - 2] = 1.0
    batch = type("B", (), {"advantages": adv, "action_mask": mask, "rewards": rewards})()
    quality = advantage_quality(batch, trajs, 1.0, labels)
    assert quality["all"]["credit_corr"] == pytest.approx(1.0)
    assert quality["all"]["corr"] is None and quality["long"]["tokens"] == int(mask.sum())
    rewards[1] = 0.0  # the episode with the wrong read failed: its return is 0 on every turn
    quality = advantage_quality(batch, trajs, 1.0, labels)
    assert 0.0 < quality["all"]["corr"] < 1.0
