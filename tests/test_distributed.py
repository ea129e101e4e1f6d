"""The distributed trainer on a real one-node Ray cluster (``ray.init(num_cpus=2)``, fractional actors), real
rootless Podman containers and the tiny policy, against the local trainer as the oracle:

- the same seed gives the same episodes (tokens, rewards, finish) and the same first-iteration losses as the
  local run, with two episode workers; the second iteration's episodes match too, so the weights the rollout
  worker received over the stateless group are the learner's;
- two learner ranks under FSDP2 over gloo give the single-process update, and the weights reach a rollout worker
  over a stateless group while FSDP owns the default group;
- an episode worker killed mid-iteration: its episode is a recorded ``sandbox_error`` trajectory with reward 0,
  the iteration completes, and the killed worker's containers are removed; a rollout worker killed mid-iteration:
  the episodes it was generating for end as recorded ``engine_error`` trajectories, and after its restart it
  joins a new weight-sync group and holds the learner's weights;
- after every test: no Ray processes of the test's cluster, no containers of its workers.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import ray  # the coderl[ray] extra: make setup installs it with the dev extras (a missing Ray fails, never skips)

from coderl.distributed.cluster import Cluster, connect, disconnect
from coderl.train.config import load_config
from coderl.train.trainer import Trainer

pytestmark = [pytest.mark.ray]

PROMPT = (
    "Solve the task with tool calls, one per turn, as <tool>{JSON}</tool>. "
    "Tools: write_file (path, content), bash (command), read_file (path), submit."
)

CONFIG = """
[run]
out_dir = "{out}"
iterations = {iterations}
episodes_per_iteration = 4
group_size = 2
seed = 11
sandboxes = 2
threads = 1
value_pretrain_iterations = 0
rollout_ahead = {ahead}

[model]
policy = "{policy}"

[tasks]
generate_family = "affine"
generate_n = 4

[sft]
steps = {sft}
lr = 3e-3
batch_size = 16

[rollout]
max_turns = 2
max_new_tokens = 96
max_total_tokens = 512
concurrency = {concurrency}
system_prompt = {prompt}
episode_seeds = true

[ppo]
policy_lr = 1e-3
critic_lr = 1e-3
epochs = 1
minibatch_size = 2

[cluster]
backend = "{backend}"
cpus = 2
episode_workers = 2
rollout_workers = 1
sandboxes_per_worker = {sandboxes}
retry_lost_episodes = {retry}
learners = {learners}
"""


def _config(
    tmp_path: Path,
    name: str,
    backend: str,
    *,
    iterations: int = 2,
    concurrency: int = 2,
    sandboxes: int = 1,
    policy: str = "tiny",
    sft: int = 0,
    retry: int = 0,
    learners: int = 1,
    ahead: int = 0,
):
    """A small run: 4 episodes an iteration on 4 generated tasks; ``sft`` warm-start steps give the tiny policy
    a mix of passing and failing episodes (30 steps: about a third pass)."""
    path = tmp_path / f"{name}.toml"
    text = CONFIG.format(
        out=tmp_path / name,
        backend=backend,
        iterations=iterations,
        concurrency=concurrency,
        sandboxes=sandboxes,
        policy=policy,
        sft=sft,
        retry=retry,
        learners=learners,
        ahead=ahead,
        prompt=json.dumps(PROMPT),
    )
    path.write_text(text)
    return load_config(path)


def _episodes(out: Path, iteration: int) -> dict[int, dict[str, Any]]:
    rows = [
        json.loads(line) for line in (out / "trajectories" / f"iter-{iteration:05d}.jsonl").read_text().splitlines()
    ]
    return {int(r["episode_id"].rsplit("-", 1)[1]): r for r in rows}


def _metrics(out: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (out / "metrics.jsonl").read_text().splitlines()]


def _processes_mentioning(text: str) -> list[str]:
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmdline = f.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if text in cmdline and int(pid) != os.getpid():
            found.append(f"{pid}: {cmdline[:200]}")
    return found


def _containers_of(pids: set[int]) -> list[str]:
    from coderl.sandbox.config import SandboxConfig
    from coderl.sandbox.podman import OWNER_LABEL, PodmanEngine

    engine = PodmanEngine(SandboxConfig())
    try:
        listed = engine.list_sandboxes()
    finally:
        engine.close()
    return [c["name"] for c in listed if c["labels"].get(OWNER_LABEL, "::").split(":")[1] in {str(p) for p in pids}]


class Tracked:
    """What a test's cluster left: its processes (by its private temp dir) and its workers' containers."""

    def __init__(self) -> None:
        self.cluster: Cluster | None = None
        self.worker_pids: set[int] = set()

    def check(self) -> None:
        assert not ray.is_initialized()
        if self.cluster is not None and self.cluster.temp_dir:
            assert _processes_mentioning(self.cluster.temp_dir) == []  # raylet, gcs_server, workers: all gone
        if self.worker_pids:
            assert _containers_of(self.worker_pids) == []


@pytest.fixture
def tracked():
    state = Tracked()
    yield state
    if ray.is_initialized():
        disconnect(state.cluster)
    state.check()


def _ray_trainer(config: Any, tracked: Tracked, kill_at: int | None = None, kill_engine_at: int | None = None) -> Any:
    from coderl.distributed.controller import ClusterEngine, RayTrainer
    from coderl.distributed.weight_sync import checksum

    class Traced(RayTrainer):
        """Records the episode workers' pids; kills episode worker 0 when it is handed episode ``kill_at`` of
        iteration 0, and the rollout worker when episode ``kill_engine_at`` of iteration 1 is handed out; records
        after each sync whether the rollout worker holds the learner's weights."""

        def __init__(self, config: Any) -> None:
            super().__init__(config)
            self.killed: int | None = None
            self.engine_killed = False
            self.synced: list[bool] = []
            self.iteration_now = 0

        async def rollout(self, index: int) -> Any:
            self.iteration_now = index
            return await super().rollout(index)

        def sync(self) -> dict[str, float]:
            out = super().sync()
            assert isinstance(self.engine, ClusterEngine)
            held = ray.get(self.engine.workers[0].weights_checksum.remote())
            self.synced.append(held == pytest.approx(checksum(self.policy.state_dict()), rel=1e-9))
            return out

        async def ready_workers(self, attempts: int = 60) -> list[int]:
            live = await super().ready_workers(attempts)
            places = await asyncio.gather(*(self.episode_workers[w].where.remote() for w in live))
            tracked.worker_pids.update(p["pid"] for p in places)
            return live

        def dispatched(self, worker: int, episode: int) -> None:
            if self.iteration_now == 0 and worker == 0 and episode == kill_at and self.killed is None:
                self.killed = episode
                ray.kill(self.episode_workers[0], no_restart=False)  # Ray restarts it; this call fails
            if self.iteration_now == 1 and episode == kill_engine_at and not self.engine_killed:
                self.engine_killed = True
                assert isinstance(self.engine, ClusterEngine)
                ray.kill(self.engine.workers[0], no_restart=False)  # generation fails until Ray restarts it

    return Traced(config)


def _cli(config: Path, *extra: str) -> subprocess.Popen[str]:
    coderl = str(Path(sys.executable).with_name("coderl"))
    return subprocess.Popen(
        [coderl, "train", "--config", str(config), *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )


def _placed_pids(out: Path) -> set[int]:
    """The pids of the actors every start of a Ray run placed (``out_dir/cluster.jsonl``)."""
    lines = [json.loads(line) for line in (out / "cluster.jsonl").read_text().splitlines()]
    return {a["pid"] for line in lines for a in line["actors"]}


@pytest.mark.podman
@pytest.mark.slow
def test_ray_run_killed_and_resumed_equals_the_local_run_episode_for_episode(tmp_path, tracked):
    local = _config(tmp_path, "local", "local", sft=30)
    asyncio.run(Trainer(local).run())

    # the same starting point (the local run's warm-started policy) with `coderl train` on a cluster it starts;
    # the controller is killed (SIGKILL, with everything it started) once the first checkpoint exists, then resumed
    config = _config(tmp_path, "ray", "ray", policy=str(local.out_dir / "policy-sft"))
    path = tmp_path / "ray.toml"
    before = set(Path("/tmp").glob("crl-*"))
    killed = _cli(path)
    deadline = time.monotonic() + 600
    while not (config.out_dir / "latest").exists() and killed.poll() is None and time.monotonic() < deadline:
        time.sleep(0.1)
    assert killed.poll() is None, killed.communicate()[0]
    os.killpg(killed.pid, signal.SIGKILL)
    killed.wait()
    assert [m["iteration"] for m in _metrics(config.out_dir)] == [0]
    resumed = _cli(path, "--resume")
    output, _ = resumed.communicate(timeout=600)
    assert resumed.returncode == 0, output
    assert "resuming from ckpt-00000" in output and "ray cluster at" in output
    tracked.worker_pids = _placed_pids(config.out_dir)  # both starts' actors: their containers must all be gone
    assert len(tracked.worker_pids) == 6  # 2 episode workers and 1 rollout worker, twice
    assert _processes_mentioning("/tmp/crl-") == []  # neither the killed nor the resumed run left Ray running
    left = set(Path("/tmp").glob("crl-*")) - before
    assert (
        len(left) == 1
    )  # the killed run's directory (Ray's logs): it could not remove it; the resumed run did its own
    for directory in left:
        shutil.rmtree(directory, ignore_errors=True)

    for iteration in (0, 1):  # iteration 1 ran on the weights the rollout worker received after iteration 0's update
        want, got = _episodes(local.out_dir, iteration), _episodes(config.out_dir, iteration)
        assert sorted(got) == sorted(want) == [0, 1, 2, 3]
        for i, w in want.items():
            g = got[i]
            assert (g["task_id"], g["finish"], g["reward"]) == (w["task_id"], w["finish"], w["reward"]), i
            assert g["token_ids"] == w["token_ids"], i
            assert g["logprobs"] == pytest.approx(w["logprobs"], abs=1e-5), i
    first_local, first_ray = _metrics(local.out_dir)[0], _metrics(config.out_dir)[0]
    for key in ("reward", "policy_loss", "value_loss", "entropy", "approx_kl", "clip_fraction"):
        assert first_ray[key] == pytest.approx(first_local[key], rel=1e-5, abs=1e-7), key
    assert first_ray["sync_mb"] == pytest.approx(first_local["sync_mb"]) and first_ray["sync_broadcast_s"] > 0
    rewards = [r["reward"] for it in (0, 1) for r in _episodes(config.out_dir, it).values()]
    assert 0 < sum(rewards) < len(rewards)  # some passed, some failed: the comparison above can tell runs apart
    assert first_ray["policy_loss"] != 0


@pytest.mark.podman
@pytest.mark.slow
def test_coderl_train_on_two_learner_ranks_equals_the_local_run(tmp_path, tracked):
    """``[cluster] learners = 2``: experience and the update on two FSDP2 ranks over gloo. The same episodes in both
    iterations (iteration 1 was played on the weights rank 0 gave back and the controller broadcast), the same
    losses, and a checkpoint in the single-process format whose critic and optimizer states equal the local run's;
    ranks resumed from it hold that state."""
    import torch

    local = _config(tmp_path, "local", "local", sft=30)
    asyncio.run(Trainer(local).run())
    config = _config(tmp_path, "ranks", "ray", policy=str(local.out_dir / "policy-sft"), learners=2)
    tracked.cluster = connect(config.cluster)
    try:
        trainer = _ray_trainer(config, tracked)
        asyncio.run(trainer.run())
        assert trainer.learner_workers == [] and trainer.synced == [True, True]
        placed = json.loads((config.out_dir / "cluster.jsonl").read_text().splitlines()[0])["actors"]
        assert sorted((a["role"], a.get("rank")) for a in placed if a["role"] == "learner") == [
            ("learner", 0),
            ("learner", 1),
        ]
        resumed = _ray_trainer(config, tracked)
        resumed.resume = True
        resumed.setup()
        try:
            held = ray.get([w.training_state.remote() for w in resumed.learner_workers])
        finally:
            asyncio.run(resumed.close())
    finally:
        disconnect(tracked.cluster)

    for iteration in (0, 1):
        want, got = _episodes(local.out_dir, iteration), _episodes(config.out_dir, iteration)
        assert sorted(got) == sorted(want) == [0, 1, 2, 3]
        for i, w in want.items():
            assert (got[i]["token_ids"], got[i]["reward"]) == (w["token_ids"], w["reward"]), (iteration, i)
    rewards = [r["reward"] for it in (0, 1) for r in _episodes(config.out_dir, it).values()]
    assert 0 < sum(rewards) < len(rewards)  # some passed, some failed: the comparison can tell runs apart
    for m_local, m_ranks in zip(_metrics(local.out_dir), _metrics(config.out_dir), strict=True):
        for key in ("policy_loss", "value_loss", "entropy", "approx_kl", "policy_grad_norm", "critic_grad_norm"):
            assert m_ranks[key] == pytest.approx(m_local[key], rel=1e-4, abs=1e-6), (m_local["iteration"], key)
    # the checkpoints: the same format and (float summation order aside) the same state
    want_state = torch.load(local.out_dir / "ckpt-00001" / "state.pt", weights_only=False)
    got_state = torch.load(config.out_dir / "ckpt-00001" / "state.pt", weights_only=False)
    for name, value in want_state["critic"].items():
        torch.testing.assert_close(got_state["critic"][name], value, rtol=1e-4, atol=1e-6, msg=name)
    for opt in ("policy_opt", "critic_opt"):
        want_opt, got_opt = want_state[opt], got_state[opt]
        assert got_opt["param_groups"] == want_opt["param_groups"] and sorted(got_opt["state"]) == sorted(
            want_opt["state"]
        )
        for i, entry in want_opt["state"].items():
            for key, value in entry.items():
                torch.testing.assert_close(got_opt["state"][i][key], value, rtol=1e-4, atol=1e-7, msg=f"{opt} {i}")
    # resumed on two ranks: each holds the checkpoint's state, cut to its shard and gathered back whole here
    assert held[1] == {} and sorted(held[0]) == ["critic", "critic_opt", "policy_opt"]
    for name, value in got_state["critic"].items():
        torch.testing.assert_close(held[0]["critic"][name], value, rtol=0, atol=0, msg=name)
    for i, entry in got_state["policy_opt"]["state"].items():
        for key, value in entry.items():
            torch.testing.assert_close(held[0]["policy_opt"]["state"][i][key], value, rtol=0, atol=0)
    # and resumed in one process (2 ranks -> 1): the single-process learner takes the same checkpoint as it is
    one = Trainer(_config(tmp_path, "ranks", "local", policy=str(local.out_dir / "policy-sft")), resume=True)
    one.setup()
    try:
        assert one.start == 2 and one.learner is not None and one.critic is not None
        for name, value in got_state["critic"].items():
            torch.testing.assert_close(one.critic.state_dict()[name], value, rtol=0, atol=0, msg=name)
        resumed_opt = one.learner.policy_opt.state_dict()["state"]
        for i, entry in got_state["policy_opt"]["state"].items():
            for key, value in entry.items():
                torch.testing.assert_close(resumed_opt[int(i)][key], value, rtol=0, atol=0)
    finally:
        asyncio.run(one.close())


@pytest.mark.podman
@pytest.mark.slow
def test_one_step_off_policy_on_ray_equals_the_local_run(tmp_path, tracked):
    """``[run] rollout_ahead = 1`` on the cluster: iteration i+1's episodes are played on the episode and rollout
    workers while the controller's update runs in a thread; every episode equals the local one-step-off-policy run's
    (iterations 1 and 2 played on the weights one sync behind, as their ``policy_version`` says), and so do the
    losses."""
    local = _config(tmp_path, "local", "local", sft=30, iterations=3, ahead=1)
    asyncio.run(Trainer(local).run())
    config = _config(tmp_path, "ahead", "ray", policy=str(local.out_dir / "policy-sft"), iterations=3, ahead=1)
    tracked.cluster = connect(config.cluster)
    try:
        trainer = _ray_trainer(config, tracked)
        asyncio.run(trainer.run())
        assert trainer.synced == [True, True, True]
    finally:
        disconnect(tracked.cluster)
    for iteration, version in ((0, 0), (1, 0), (2, 1)):
        want, got = _episodes(local.out_dir, iteration), _episodes(config.out_dir, iteration)
        assert sorted(got) == sorted(want) == [0, 1, 2, 3]
        for i, w in want.items():
            assert (got[i]["token_ids"], got[i]["reward"]) == (w["token_ids"], w["reward"]), (iteration, i)
            assert got[i]["policy_version"] == w["policy_version"] == version
    rewards = [r["reward"] for it in (0, 1, 2) for r in _episodes(config.out_dir, it).values()]
    assert 0 < sum(rewards) < len(rewards)  # some passed, some failed: the comparison can tell runs apart
    for m_local, m_ray in zip(_metrics(local.out_dir), _metrics(config.out_dir), strict=True):
        assert m_ray["policy_lag"] == m_local["policy_lag"]
        for key in ("policy_loss", "value_loss", "entropy", "approx_kl"):
            assert m_ray[key] == pytest.approx(m_local[key], rel=1e-4, abs=1e-6), (m_local["iteration"], key)
    assert [m["policy_lag"] for m in _metrics(config.out_dir)] == [0, 1, 1]


@pytest.mark.podman
@pytest.mark.slow
def test_a_killed_episode_worker_gives_recorded_sandbox_errors_and_the_iteration_completes(tmp_path, tracked):
    config = _config(tmp_path, "killed", "ray", iterations=2, concurrency=1)
    tracked.cluster = connect(config.cluster)
    try:
        trainer = _ray_trainer(config, tracked, kill_at=0, kill_engine_at=2)
        asyncio.run(trainer.run())
    finally:
        disconnect(tracked.cluster)
    assert trainer.killed == 0
    first = _episodes(config.out_dir, 0)
    assert sorted(first) == [0, 1, 2, 3]  # none dropped
    lost = first[0]
    assert lost["finish"] == "sandbox_error" and lost["reward"] == 0.0 and lost["grade"] == {}
    assert "episode worker 0 failed" in lost["marks"]["error"] and lost["metrics"]["sandbox_errors"] == 1
    assert all(first[i]["finish"] != "sandbox_error" for i in (1, 2, 3))  # the live worker played the rest
    runs = _metrics(config.out_dir)
    assert [m["iteration"] for m in runs] == [0, 1]  # the iteration completed and trained; the run went on
    assert "policy_loss" in runs[0] and runs[0]["finish"]["sandbox_error"] == 1
    # the restarted worker 0 took part again in iteration 1 (its pool removed the killed one's containers)
    assert len(tracked.worker_pids) == 3
    second = _episodes(config.out_dir, 1)
    assert sorted(second) == [0, 1, 2, 3] and all(r["finish"] != "sandbox_error" for r in second.values())
    # the rollout worker killed in iteration 1: the episodes that were generating end as recorded engine errors
    # (reward 0), the others are played; the restarted engine joined a new sync group and holds the new weights
    assert trainer.engine_killed
    errors = [i for i, r in second.items() if r["finish"] == "engine_error"]
    assert errors and all(second[i]["reward"] == 0.0 for i in errors)
    assert trainer.synced == [True, True]


@pytest.mark.podman
@pytest.mark.slow
def test_a_lost_episode_is_played_again_on_a_live_worker_when_retries_are_on(tmp_path, tracked):
    # 2 iterations: the restarted worker plays again in the second (and its pool removes what the killed one's
    # orphaned `podman run` may still have created after the kill)
    config = _config(tmp_path, "retried", "ray", iterations=2, concurrency=1, retry=1)
    tracked.cluster = connect(config.cluster)
    try:
        trainer = _ray_trainer(config, tracked, kill_at=0)
        asyncio.run(trainer.run())
    finally:
        disconnect(tracked.cluster)
    assert trainer.killed == 0
    first = _episodes(config.out_dir, 0)
    assert sorted(first) == [0, 1, 2, 3]  # none dropped, none twice
    assert all(r["finish"] != "sandbox_error" and r["grade"] for r in first.values())  # episode 0 was played again
    assert all(m["finish"].get("sandbox_error", 0) == 0 for m in _metrics(config.out_dir))
    assert len(tracked.worker_pids) == 3  # worker 0 was restarted and took part in iteration 1


def _trajectories(n: int = 6, seed: int = 0) -> list[Any]:
    from coderl.rollout.trajectory import Trajectory

    rng = random.Random(seed)
    out = []
    for i in range(n):
        t = Trajectory(f"task-{i % 3}", f"ep-{i}")
        t.append([rng.randrange(1, 500) for _ in range(rng.randrange(6, 14))], policy=False)
        for _ in range(2):  # two turns, an observation between them
            k = rng.randrange(3, 10)
            t.append(
                [rng.randrange(1, 500) for _ in range(k)], policy=True, logprobs=[-3 * rng.random() for _ in range(k)]
            )
            t.append([rng.randrange(1, 500) for _ in range(4)], policy=False)
        t.reward = float(i % 2)
        out.append(t)
    return out


def _two_learner_ranks(policy_dir: str, ppo: Any, **options: Any) -> list[Any]:
    """Two LearnerWorker actors (one thread each) forming their FSDP group on a free local port."""
    from coderl.distributed.cluster import actor_options
    from coderl.distributed.learner_worker import LearnerWorker
    from coderl.distributed.weight_sync import free_port

    port = free_port()
    remote = ray.remote(LearnerWorker)
    return [
        remote.options(**actor_options("learner", name=f"test/learner-{rank}")).remote(
            rank, 2, "127.0.0.1", port, policy_dir, ppo, threads=1, **options
        )
        for rank in range(2)
    ]


def _assert_same_update(got: dict, want: dict, start: dict) -> None:
    """Each tensor of ``got`` within 3% of the largest change the single-process update made to it (``start`` ->
    ``want``). Ranks sum a gradient in another order (per row, then across ranks); AdamW divides by sqrt(v), which
    turns that float32 noise on near-zero gradients into visible weight differences (measured: at most 0.3% of
    the update in session 10; 1.5% for the critic's token embeddings under GRPO on a fresh machine in session 13,
    torch 2.13, Ray 2.60, with transformers 5.23 and 5.24 alike). A scale error on one rank's rows would be of the
    update's size; a uniform one, which AdamW hides, shows in the gradient norms the tests compare besides."""
    import torch

    for name, value in want.items():
        moved = float((value - start[name]).abs().max())
        assert float((got[name] - value).abs().max()) <= 0.03 * moved + 1e-7, name
    assert any(not torch.equal(v, start[k]) for k, v in want.items())  # the update moved something


@pytest.mark.slow
@pytest.mark.parametrize(
    ("estimator", "aggregation"), [("gae", "seq-mean-token-mean"), ("grpo", "constant")], ids=["gae", "grpo"]
)
def test_rows_split_unevenly_across_two_ranks_give_the_single_process_update(tmp_path, tracked, estimator, aggregation):
    """Five trajectories on two ranks (3 and 2 rows of experience), minibatches of two (the last one's single row
    leaves rank 1 a weight-0 row), old logprobs recomputed, whitening across ranks, entropy and KL terms, per-
    sequence and constant normalizers, GRPO groups that span ranks: the parameters of one process's update."""
    import copy

    import torch
    from transformers import AutoModelForCausalLM

    from coderl.learner.critic import Critic
    from coderl.learner.experience import make_experience
    from coderl.learner.ppo import PPOConfig, PPOLearner
    from coderl.rollout.tiny_model import build_tiny_policy
    from coderl.train.config import ClusterSection

    policy_dir = str(build_tiny_policy(tmp_path / "tiny", seed=5))
    ppo = PPOConfig(
        policy_lr=1e-3,
        critic_lr=1e-3,
        epochs=2,
        minibatch_size=2,
        aggregation=aggregation,  # type: ignore[arg-type]
        aggregation_constant=16.0,
        entropy_coef=0.01,
        kl_coef=0.05,
    )
    advantage = {"estimator": estimator, "gamma": 1.0, "lam": 0.9, "lam_critic": 1.0, "whiten": True}
    trajectories = _trajectories(5, seed=1)

    torch.set_num_threads(1)
    policy: Any = AutoModelForCausalLM.from_pretrained(policy_dir, dtype=torch.float32)
    critic = Critic.from_pretrained(policy_dir)
    single = PPOLearner(policy, critic, ppo, copy.deepcopy(policy).eval())
    critic_start = {k: v.detach().clone() for k, v in critic.state_dict().items()}
    batch = make_experience(trajectories, critic, pad_id=0, device="cpu", policy=policy, **advantage)
    single_stats = single.update(batch, generator=torch.Generator().manual_seed(11))
    want = {k: v.detach().clone() for k, v in policy.state_dict().items()}
    want_critic = {k: v.detach().clone() for k, v in critic.state_dict().items()}

    tracked.cluster = connect(ClusterSection(backend="ray", cpus=2))
    try:
        ranks = _two_learner_ranks(policy_dir, ppo, reference=True)
        stats = ray.get(
            [r.update.remote(trajectories, pad_id=0, advantage=advantage, seed=11, recompute=True) for r in ranks],
            timeout=600,
        )
        states = ray.get([r.policy_state.remote() for r in ranks])
        critics = ray.get([r.training_state.remote() for r in ranks])
        ray.get([r.close.remote() for r in ranks])
    finally:
        disconnect(tracked.cluster)

    for key in ("policy_loss", "value_loss", "entropy", "kl", "kl_k3", "policy_grad_norm", "critic_grad_norm"):
        assert stats[0][key] == pytest.approx(single_stats[key], rel=1e-4, abs=1e-6), key
        assert stats[1][key] == stats[0][key], key
    _assert_same_update(states[0], want, single.reference.state_dict())
    _assert_same_update(critics[0]["critic"], want_critic, critic_start)


@pytest.mark.slow
def test_two_fsdp2_learner_ranks_equal_one_and_sync_over_a_stateless_group(tmp_path, tracked):
    import torch
    from transformers import AutoModelForCausalLM

    from coderl.distributed.cluster import actor_options, status
    from coderl.distributed.rollout_worker import RolloutWorker
    from coderl.distributed.weight_sync import free_port
    from coderl.learner.critic import Critic
    from coderl.learner.experience import make_experience
    from coderl.learner.ppo import PPOConfig, PPOLearner
    from coderl.rollout.tiny_model import build_tiny_policy

    policy_dir = str(build_tiny_policy(tmp_path / "tiny", seed=3))
    ppo = PPOConfig(policy_lr=1e-3, critic_lr=1e-3, epochs=2, minibatch_size=2)
    advantage = {"estimator": "gae", "gamma": 1.0, "lam": 0.95, "lam_critic": 1.0, "whiten": True}
    trajectories = _trajectories()

    # the oracle: one process, one learner
    torch.set_num_threads(1)
    policy: Any = AutoModelForCausalLM.from_pretrained(policy_dir, dtype=torch.float32)
    critic = Critic.from_pretrained(policy_dir)
    single = PPOLearner(policy, critic, ppo)
    start = {k: v.detach().clone() for k, v in policy.state_dict().items()}
    batch = make_experience(trajectories, critic, pad_id=0, device="cpu", **advantage)
    single_stats = single.update(batch, generator=torch.Generator().manual_seed(7))
    want = {k: v.detach().clone() for k, v in policy.state_dict().items()}

    from coderl.train.config import ClusterSection

    tracked.cluster = connect(ClusterSection(backend="ray", cpus=2))
    try:
        ranks = _two_learner_ranks(policy_dir, ppo)
        stats = ray.get(
            [r.update.remote(trajectories, pad_id=0, advantage=advantage, seed=7) for r in ranks], timeout=600
        )
        # the weights to a rollout worker over a stateless group, while FSDP holds the default group
        engine = (
            ray.remote(RolloutWorker)
            .options(**actor_options("rollout", name="test/rollout-0"))
            .remote("hf", policy_dir, seed=0, options={"dtype": "float32"}, threads=1)
        )
        placed = status()  # what `coderl cluster status` prints: every named actor, its role and its node
        assert [(a["name"], a["role"]) for a in placed["actors"]] == [
            ("test/learner-0", "learner"),
            ("test/learner-1", "learner"),
            ("test/rollout-0", "rollout"),
        ]
        assert {a["node_id"] for a in placed["actors"]} == {n["node_id"] for n in placed["nodes"]}
        assert placed["nodes"][0]["resources"]["CPU"] == 2.0
        before = ray.get(engine.weights_checksum.remote())
        sync_port = free_port()
        ray.get(
            [ranks[0].join_sync.remote("127.0.0.1", sync_port, 2), engine.join.remote("127.0.0.1", sync_port, 1, 2)]
        )
        layout = ray.get([r.publish.remote(1.0) for r in ranks])[0]  # 1 MB buckets: several broadcasts
        received, sent = ray.get([engine.receive.remote(layout, 1), ranks[0].send_weights.remote(layout)])
        after = ray.get(engine.weights_checksum.remote())
        states = ray.get([r.policy_state.remote() for r in ranks])
        ray.get([r.close.remote() for r in ranks] + [engine.close.remote()])
    finally:
        disconnect(tracked.cluster)

    assert len(layout.buckets) > 1 and sent["sync_mb"] > 1
    for key in ("policy_loss", "value_loss", "entropy", "approx_kl", "policy_grad_norm", "critic_grad_norm"):
        assert stats[0][key] == pytest.approx(single_stats[key], rel=1e-4, abs=1e-6), key
        assert stats[1][key] == stats[0][key], key  # the ranks agree exactly
    _assert_same_update(states[0], want, start)  # each rank ran half the rows: see the tolerance there
    for name, value in states[0].items():
        torch.testing.assert_close(states[1][name], value, rtol=0, atol=0, msg=name)
    assert received == pytest.approx(sum(float(v.double().sum()) for v in states[0].values()), rel=1e-9)
    assert after == pytest.approx(received, rel=1e-9) and after != pytest.approx(before, rel=1e-9)
