"""The distributed trainer against the local loop, on this machine: episodes/s of one rollout phase (8 episodes,
tiny policy, real containers, graded) with the local trainer (requests batched, or each episode seeded as the Ray
run needs) and with 1 and 2 EpisodeWorkers on a one-node Ray cluster; the Ray overhead per episode against the
local seeded loop; the weight-sync time over the stateless gloo group for the tiny policy and a
Qwen2.5-0.5B-shaped one (CPU).

Run: ``.venv/bin/pytest benchmarks/bench_distributed.py -p no:cacheprovider`` (about 5 minutes on 2 cores).
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from coderl.train.config import load_config
from coderl.train.trainer import Trainer

EPISODES = 8
CONFIG = """
[run]
out_dir = "{out}"
iterations = 100
episodes_per_iteration = {episodes}
group_size = 2
seed = 0
sandboxes = 4
threads = 1

[model]
policy = "{policy}"

[tasks]
generate_family = "affine"
generate_n = 4

[rollout]
max_turns = 2
max_new_tokens = 48
max_total_tokens = 512
concurrency = 4
episode_seeds = {seeded}

[cluster]
backend = "{backend}"
cpus = 2
episode_workers = {workers}
rollout_workers = 1
sandboxes_per_worker = {per_worker}
"""


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from coderl.rollout.tiny_model import build_tiny_policy

    return build_tiny_policy(tmp_path_factory.mktemp("tiny"), seed=0)


def _config(tmp: Path, policy: Path, backend: str, workers: int, seeded: bool) -> Any:
    path = tmp / "c.toml"
    path.write_text(
        CONFIG.format(
            out=tmp / "run",
            policy=policy,
            episodes=EPISODES,
            backend=backend,
            workers=workers,
            per_worker=4 // workers,
            seeded=str(seeded).lower(),
        )
    )
    return load_config(path)


RESULTS: dict[str, float] = {}


@pytest.mark.podman
@pytest.mark.parametrize(
    "impl", ["local-batched", "local-seeded", "ray-1-worker", "ray-2-workers"]
)  # local-seeded first among the seeded ones: the overhead is measured against it
def test_rollout_episodes_per_s(benchmark: Any, tiny: Path, tmp_path: Path, impl: str) -> None:
    backend, workers = ("ray", int(impl.split("-")[1])) if impl.startswith("ray") else ("local", 1)
    config = _config(tmp_path, tiny, backend, workers, seeded=impl != "local-batched")
    cluster = None
    if backend == "ray":
        from coderl.distributed.cluster import connect
        from coderl.distributed.controller import RayTrainer

        cluster = connect(config.cluster)
        trainer: Trainer = RayTrainer(config)
    else:
        trainer = Trainer(config)
    loop = asyncio.new_event_loop()
    index = iter(range(100))
    try:
        trainer.setup()
        sandboxes = trainer.sandboxes()
        loop.run_until_complete(sandboxes.__aenter__())
        try:
            benchmark.group = f"rollout phase, {EPISODES} episodes (tiny policy, 2 turns, graded, 4 sandboxes)"
            benchmark.extra_info.update(impl=impl, device="cpu", compare_to=["local-seeded"])
            benchmark.pedantic(lambda: loop.run_until_complete(trainer.rollout(next(index))), rounds=3, warmup_rounds=1)
        finally:
            loop.run_until_complete(sandboxes.__aexit__(None, None, None))
            loop.run_until_complete(trainer.close())
    finally:
        loop.close()
        if cluster is not None:
            from coderl.distributed.cluster import disconnect

            disconnect(cluster)
    median = benchmark.stats.stats.median
    RESULTS[impl] = median
    benchmark.extra_info["episodes_per_s"] = EPISODES / median
    if "local-seeded" in RESULTS and impl.startswith("ray"):
        base = RESULTS["local-seeded"]
        benchmark.extra_info["overhead_per_episode_ms"] = 1000 * (median - base) / EPISODES
        benchmark.extra_info["overhead_pct"] = 100 * (median - base) / base


@pytest.fixture(scope="module")
def qwen05(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("q05") / "model"
    coderl = str(Path(sys.executable).with_name("coderl"))
    subprocess.run([coderl, "init-model", "--like", "qwen2.5-0.5b", str(out)], check=True, capture_output=True)
    return out


@pytest.mark.parametrize("model", ["tiny", "qwen2.5-0.5b"])
def test_weight_sync_s(benchmark: Any, request: pytest.FixtureRequest, model: str) -> None:
    """The learner's policy state to one rollout worker over the stateless gloo group (64 MB buckets), and loaded
    into its engine: ``sync_broadcast_s`` is the broadcast alone, the benchmark's time the whole sync."""
    import torch
    from transformers import AutoModelForCausalLM

    from coderl.distributed.cluster import actor_options, connect, disconnect, require_ray
    from coderl.distributed.controller import ClusterEngine
    from coderl.distributed.rollout_worker import RolloutWorker
    from coderl.train.config import ClusterSection

    path = request.getfixturevalue("tiny" if model == "tiny" else "qwen05")
    state = AutoModelForCausalLM.from_pretrained(str(path), dtype=torch.float32).state_dict()
    ray = require_ray()
    cluster = connect(ClusterSection(backend="ray", cpus=2))
    try:
        worker = (
            ray.remote(RolloutWorker)
            .options(**actor_options("rollout"))
            .remote("hf", str(path), seed=0, options={"dtype": "float32"}, threads=1)
        )
        engine = ClusterEngine([worker], tokenizer=_Tokenizer())  # forms the group with the worker
        broadcasts: list[float] = []

        def sync() -> None:
            engine.update_weights(state)
            broadcasts.append(engine.last_sync["sync_broadcast_s"])

        benchmark.group = "weight sync over a stateless gloo group (1 rollout worker, CPU)"
        benchmark.extra_info.update(impl=model, device="cpu", compare_to=[])
        benchmark.pedantic(sync, rounds=3, warmup_rounds=1)
        benchmark.extra_info["sync_mb"] = engine.last_sync["sync_mb"]
        benchmark.extra_info["broadcast_s_median"] = sorted(broadcasts)[len(broadcasts) // 2]
        engine.close()
    finally:
        disconnect(cluster)


class _Tokenizer:
    """Enough of a tokenizer for :class:`ClusterEngine` (its pad id)."""

    pad_token_id = 0
    eos_token_id = 0
