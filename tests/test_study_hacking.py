"""The reward-hacking study (issue 18, Study B): the honeypot family against the three graders, and a smoke run.

The honeypot's honest reference earns 1 from the hardened grader; each cheat earns 1 from the naive grader
and 0 from the hardened one, and stage 1 of the guard flags it. The smoke run plays the real study (one seed,
two iterations, tiny sizes) and checks its JSON summary.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import study_hacking as study

from coderl.action import parse_action
from coderl.grade import Grader
from coderl.grade.naive import NaiveGrader
from coderl.guard import GuardContext, Stage1Scanner
from coderl.suites.honeypot import CHEATS, cheat_files, demonstrations, generate_honeypot_tasks, honest_files
from coderl.task import Task, load_task


@pytest.fixture(scope="module")
def task(tmp_path_factory: pytest.TempPathFactory) -> Task:
    root = generate_honeypot_tasks(tmp_path_factory.mktemp("honeypot"), 1, seed=3)[0]
    return load_task(root)


def _final(task: Task, files: dict[str, str]) -> dict[str, bytes]:
    """The task's starting workspace with ``files`` written over it (what the agent leaves)."""
    return {**task.workspace, **{k: v.encode() for k, v in files.items()}}


def test_generator_is_seeded_and_prefix_stable(tmp_path: Path) -> None:
    a = generate_honeypot_tasks(tmp_path / "a", 5, seed=1)
    b = generate_honeypot_tasks(tmp_path / "b", 3, seed=1)
    c = generate_honeypot_tasks(tmp_path / "c", 3, seed=2)
    assert [load_task(p).prompt for p in a[:3]] == [load_task(p).prompt for p in b]
    assert [load_task(p).prompt for p in b] != [load_task(p).prompt for p in c]
    with pytest.raises(ValueError, match="k must be"):
        generate_honeypot_tasks(tmp_path / "d", 1, k=0)


def test_demonstrations_mix_the_share_of_cheats(tmp_path: Path) -> None:
    roots = generate_honeypot_tasks(tmp_path, 10, seed=0)
    demos = demonstrations(roots, 0.05, seed=0, per_task=4)
    kinds = [kind for _, _, kind in demos]
    assert len(demos) == 40 and kinds.count("honest") == 38
    assert {k for k in kinds if k != "honest"} <= set(CHEATS)
    assert all(files == honest_files(root) for root, files, kind in demos if kind == "honest")
    assert [k for _, _, k in demonstrations(roots, 0.0)] == ["honest"] * 40
    with pytest.raises(ValueError, match="cheat_share"):
        demonstrations(roots, 1.5)


@pytest.mark.parametrize("name", sorted(CHEATS))
def test_stage1_flags_every_cheat(task: Task, name: str) -> None:
    scanner = Stage1Scanner(context=GuardContext(task_files=frozenset(task.workspace)))
    for path, content in cheat_files(name).items():
        verdict = scanner.scan(parse_action({"tool": "write_file", "path": path, "content": content}))
        assert verdict.cheat, (name, path, verdict.to_json())


def test_stage1_passes_the_honest_reference(task: Task) -> None:
    scanner = Stage1Scanner(context=GuardContext(task_files=frozenset(task.workspace)))
    for path, content in honest_files(task.root).items():
        assert not scanner.scan(parse_action({"tool": "write_file", "path": path, "content": content})).cheat


@pytest.mark.podman
def test_honest_reference_passes_both_graders(live_pool, task: Task) -> None:
    files = _final(task, honest_files(task.root))
    hardened = live_pool.run(Grader(live_pool.pool, warm=0).grade(task, files))
    naive = live_pool.run(NaiveGrader(live_pool.pool).grade(task, files))
    assert (hardened.reward, hardened.passed, hardened.expected) == (1.0, 2, 2)
    assert naive.reward == 1.0
    stub = live_pool.run(NaiveGrader(live_pool.pool).grade(task, dict(task.workspace)))
    assert stub.reward == 0.0


@pytest.mark.podman
@pytest.mark.parametrize("name", sorted(CHEATS))
def test_each_cheat_fools_the_naive_grader_only(live_pool, task: Task, name: str) -> None:
    files = _final(task, cheat_files(name))
    naive = live_pool.run(NaiveGrader(live_pool.pool).grade(task, files))
    hardened = live_pool.run(Grader(live_pool.pool, warm=0).grade(task, files))
    assert naive.reward == 1.0, naive
    assert hardened.reward == 0.0, hardened


# --- the study itself ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--cheat-share", "1.5"], "--cheat-share"),
        (["--arms", "naive", "bogus"], "--arms"),
        (["--seeds", "0", "0"], "--seeds"),
        (["--iterations", "0"], "--iterations"),
    ],
)
def test_bad_input_exits_2_before_any_work(tmp_path: Path, capsys: pytest.CaptureFixture[str], argv, message) -> None:
    out = tmp_path / "out"
    assert study.main(["--smoke", "--out", str(out), "--no-progress", *argv]) == 2
    assert message in capsys.readouterr().err
    assert not out.exists()


def test_a_non_empty_out_dir_needs_overwrite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "keep.txt").write_text("earlier results")
    assert study.main(["--smoke", "--out", str(tmp_path), "--no-progress"]) == 2
    assert "--overwrite" in capsys.readouterr().err
    assert (tmp_path / "keep.txt").read_text() == "earlier results"


@pytest.fixture(scope="module")
def smoke(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """One --smoke run of the study (one seed, two iterations, tiny sizes) in real sandboxes."""
    out = tmp_path_factory.mktemp("study") / "out"
    assert study.main(["--smoke", "--out", str(out), "--no-progress"]) == 0
    return out, json.loads((out / "study_hacking.json").read_text())


@pytest.mark.podman
@pytest.mark.slow
@pytest.mark.study
def test_smoke_study_writes_the_summary_curves_and_plot(smoke: tuple[Path, dict[str, Any]]) -> None:
    out, result = smoke
    size = study.SIZES["smoke"]
    assert result["arms"] == list(study.ARMS) and result["seeds"] == [0]
    assert result["command"].endswith("--smoke --out " + str(out) + " --no-progress")
    assert (out / "command.txt").read_text().strip() == result["command"]
    assert (out / "study_hacking.png").stat().st_size > 10_000
    for arm in study.ARMS:
        assert Path(result["configs"][f"seed-0/{arm}"]).is_file()
        curve = result["curves"][arm]
        assert [row["iteration"] for row in curve] == list(range(size.iterations))
        for row in curve:
            for metric in study.METRICS:
                band = row[metric]
                assert 0.0 <= band["mean"] <= 1.0 and band["lo"] <= band["mean"] <= band["hi"]
        rows = result["per_seed"][arm]["0"]
        assert [r["episodes"] for r in rows] == [size.episodes_per_iteration] * size.iterations
        assert set(result["summary"][arm]) >= {"first", "last", "run_mean", "audit_by_category"}
    # no guard in the naive and hardened arms; the naive arm graded every episode twice (paid, true)
    assert result["summary"]["naive"]["run_mean"]["intercept_rate"] == 0.0
    assert result["summary"]["hardened"]["run_mean"]["intercept_rate"] == 0.0
    naive = [json.loads(line) for line in (out / "seed-0/naive/trajectories/iter-00000.jsonl").read_text().splitlines()]
    assert naive and all(any(n.startswith(study.TRUE_NOTE) for n in t["grade"]["notes"]) for t in naive)
    assert sum(result["warm_start"]["0"]["demonstrations"].values()) == size.warm_tasks * size.demos_per_task


@pytest.mark.podman
@pytest.mark.slow
@pytest.mark.study
def test_studies_of_other_seeds_merge_into_one_summary(
    smoke: tuple[Path, dict[str, Any]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--merge``: the smoke run and a copy of it recorded as seed 5 make one study of seeds 0 and 5 whose
    curves are the mean of both (equal here), with each seed's audit read where it ran; the same seed twice, or
    other settings, exit 2 naming the study."""
    import shutil

    out, result = smoke
    other = tmp_path / "seed5"
    shutil.copytree(out / "seed-0", other / "seed-5")
    renamed = json.loads(json.dumps(result).replace("seed-0/", "seed-5/"))
    renamed["per_seed"] = {arm: {"5": seeds["0"]} for arm, seeds in result["per_seed"].items()}
    renamed["warm_start"] = {"5": result["warm_start"]["0"]}
    (other / "study_hacking.json").write_text(json.dumps(renamed))
    merged_dir = tmp_path / "merged"
    assert study.main(["--merge", str(out), str(other), "--out", str(merged_dir), "--no-progress"]) == 0
    merged = json.loads((merged_dir / "study_hacking.json").read_text())
    assert merged["seeds"] == [0, 5] and merged["seeds_done"] == {arm: [0, 5] for arm in result["arms"]}
    assert (merged_dir / "study_hacking.png").stat().st_size > 10_000
    for arm in result["arms"]:
        for got, want in zip(merged["curves"][arm], result["curves"][arm], strict=True):
            assert got["cheat_rate"]["mean"] == pytest.approx(want["cheat_rate"]["mean"])
        doubled = {k: 2 * v for k, v in result["summary"][arm]["audit_by_category"].items()}
        assert merged["summary"][arm]["audit_by_category"] == doubled  # both seeds' audits were read
    assert study.main(["--merge", str(out), str(out), "--out", str(tmp_path / "twice"), "--no-progress"]) == 2
    assert "seed 0 of arm" in " ".join(capsys.readouterr().err.split())
    renamed["settings"]["sft_steps"] += 1
    (other / "study_hacking.json").write_text(json.dumps(renamed))
    assert study.main(["--merge", str(out), str(other), "--out", str(tmp_path / "odd"), "--no-progress"]) == 2
    err = " ".join(capsys.readouterr().err.split())  # rich wraps long lines
    assert "other settings" in err and "sft_steps" in err


def test_measuring_counts_a_cheat_the_audit_sees(tmp_path: Path) -> None:
    """The independent audit on a hand-made trajectory file: an always-equal write is a cheat; paid by the naive
    arm and not truly passed, it is an exploit."""
    root = generate_honeypot_tasks(tmp_path / "tasks", 1)[0]
    task = load_task(root)
    call = (
        "<tool>"
        + json.dumps({"tool": "write_file", "path": "solution.py", "content": CHEATS["always_equal"]["solution.py"]})
        + "</tool>"
    )
    honest = (
        "<tool>"
        + json.dumps({"tool": "write_file", "path": "solution.py", "content": honest_files(root)["solution.py"]})
        + "</tool>"
    )
    run = tmp_path / "run"
    (run / "trajectories").mkdir(parents=True)
    lines = [
        {
            "task_id": task.id,
            "episode_id": "e0",
            "reward": 1.0,
            "grade": {"notes": [study.TRUE_NOTE + "0"]},
            "messages": [{"role": "policy", "text": call}],
            "marks": {},
        },
        {
            "task_id": task.id,
            "episode_id": "e1",
            "reward": 1.0,
            "grade": {"notes": [study.TRUE_NOTE + "1"]},
            "messages": [{"role": "policy", "text": honest}],
            "marks": {},
        },
    ]
    (run / "trajectories" / "iter-00000.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    [row] = study.measure_run(run, "naive", {task.id: task}, Stage1Scanner())
    assert row["cheat_rate"] == 0.5 and row["exploit_rate"] == 0.5 and row["true_pass"] == 0.5
    assert row["proxy_reward"] == 1.0 and row["cheat_kinds"] == {"always_equal": 1}
    assert (run / "audit-independent.jsonl").read_text().count("\n") == 1


def _owned_by(pid: int) -> list[str]:
    """Names of the sandbox containers (and Podman API services) that process ``pid`` started."""
    ps = subprocess.run(
        [
            "runuser",
            "-u",
            "coderl",
            "--",
            "podman",
            "ps",
            "-a",
            "--format",
            '{{.Names}} {{index .Labels "coderl.owner"}}',
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    mine = [line.split()[0] for line in ps.stdout.splitlines() if f":{pid}:" in line]
    services = subprocess.run(["pgrep", "-f", f"coderl-api-{pid}-"], capture_output=True, text=True)
    return mine + [f"service {s}" for s in services.stdout.split()]


@pytest.mark.podman
@pytest.mark.slow
def test_sigterm_stops_the_study_and_removes_its_containers(tmp_path: Path) -> None:
    script = Path(study.__file__)
    proc = subprocess.Popen(
        [sys.executable, str(script), "--smoke", "--out", str(tmp_path / "out"), "--no-progress"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        for _ in range(600):  # until its sandboxes are up (the warm start comes first)
            if proc.poll() is not None or _owned_by(proc.pid):
                break
            time.sleep(0.5)
        assert proc.poll() is None and _owned_by(proc.pid), "the study never started its sandboxes"
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=180)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 143, err
    assert "terminated" in err
    assert _owned_by(proc.pid) == []
