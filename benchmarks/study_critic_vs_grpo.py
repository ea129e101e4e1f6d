"""Study A of issue 18: critic-PPO vs GRPO on uneven multi-turn trajectories, on the real pipeline.

Every episode runs in real rootless Podman sandboxes through the guard and is graded on hidden tests in a fresh
container; the policy is the tiny config-built transformers model; the learner is coderl's PPO with an
independent critic (:class:`coderl.train.trainer.Trainer`, phase by phase). Nothing is mocked.

Tasks: the ``trail`` family (:mod:`coderl.suites.trail`): follow 0 to 5 notes to the value ``f()`` returns, so
a solving episode takes 2 to 7 turns and every read returns an observation that GAE skips. Three disjoint task
sets are generated once per study: the warm-start pool (demonstrations), the training set, and a held-out set
that is never trained on (checked: no held-out task has the content of a training or warm-start task).

Arms (same recipe, ``configs/study-critic.toml``, same warm start per seed, same budget of episodes and
updates, same groups of ``group_size`` episodes per task, the first iteration critic-only in every arm):

- ``gae``: critic + GAE with a fixed policy lambda (0.95; the critic's returns with lambda 1),
- ``grpo``: group-relative advantages (the critic is still trained, and unused by the policy),
- ``gae-adaptive``: critic + GAE with the length-adaptive policy lambda (``lam_alpha`` 0.05, VAPO) and the
  decoupled critic lambda 1.

Measured, per arm and seed: the held-out pass rate before training and after every ``eval_every`` iterations
(``eval_samples`` sampled episodes per held-out task), with means and 95 % t-intervals across seeds; the
episodes each seed needed to reach given pass rates; the quality of each update's advantages on the real
trajectories: Pearson's correlation, over the policy tokens of the batch, between a token's advantage and the
Monte Carlo return of its turn (with gamma 1 and a pass/fail reward at the end, the episode's reward), also
split into short and long episodes (by turns played); and the held-out and training pass rates split by task
length (short: the trail has at most one note, 2-3 turns; long: 2-5 notes, 4-7 turns).

Run::

    python benchmarks/study_critic_vs_grpo.py --small --out benchmarks/out/study_critic-small
    python benchmarks/study_critic_vs_grpo.py --full --device cuda --out runs/study-critic-full

Writes into a fresh ``--out`` (refused if it holds anything, unless ``--overwrite``): ``summary.json``,
``pass_rate.png``, ``advantage_quality.png``, ``command.txt``, ``study.json`` (sizes, seeds, arms and the exact
config of every run), the task sets under ``tasks/``, and per seed the warm-started policy and per arm the
trainer's own run directory (``metrics.jsonl``, trajectories, held-out episodes under ``eval/``).

Bad input is one line on stderr and exit 2. SIGTERM or Ctrl-C stops the study: the running trainer's sandbox
pool is closed (its containers removed) on the way out, and the exit status is 143 (130 for Ctrl-C).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import json
import math
import os
import shlex
import shutil
import signal
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from coderl.exitcodes import BAD_INPUT, INTERRUPTED, TERMINATED

ROOT = Path(__file__).resolve().parents[1]
BASE_CONFIG = ROOT / "configs" / "study-critic.toml"
STUDY_FILE = "study.json"

ARMS: dict[str, dict[str, Any]] = {
    "gae": {"estimator": "gae", "lam": 0.95, "lam_alpha": 0.0, "lam_critic": 1.0, "whiten": True},
    "grpo": {"estimator": "grpo", "lam_critic": 1.0},
    "gae-adaptive": {"estimator": "gae", "lam_alpha": 0.05, "lam_critic": 1.0, "whiten": True},
}
"""Each arm's ``[advantage]`` table; everything else comes from the base config. The critic arms whiten their
advantages (centred per batch, as GRPO's are per group): unwhitened, a critic that over-values failing episodes
gives every sampled token a negative advantage, and at policy_lr 5e-4 the warm-started policy collapsed (held-out
12/24 to 0/24 in 8 updates, entropy 0.03 to 0.14). Whitening is affine per batch, so the advantage-return
correlations are unchanged by it."""

LONG_MIN_TURNS = 4  # a task whose shortest solving episode takes >= 4 turns (2+ notes) is "long"
THRESHOLDS = (0.3, 0.5, 0.7)  # held-out pass rates whose first reaching is reported (episodes trained)


@dataclass(frozen=True)
class Size:
    """How big a study is: seeds, budget, task sets, evaluation."""

    seeds: int
    iterations: int
    episodes_per_iteration: int
    group_size: int
    train_tasks: int
    heldout_tasks: int
    sft_tasks: int
    sft_steps: int
    eval_every: int
    eval_samples: int
    sandboxes: int
    shared_warm_start: bool  # one warm start (seed 0's) for every seed, or one per seed
    max_turns: int = 0  # [rollout] max_turns for this size (0: the config's)


SIZES: dict[str, Size] = {
    # CI: one seed, two iterations (the first critic-only), tiny everything
    "smoke": Size(1, 2, 8, 4, 4, 4, 8, 20, 2, 1, 4, True, max_turns=4),
    # this 2-core CPU machine: <= 40 minutes for 3 arms x 3 seeds (an iteration of 16 episodes takes about 12 s
    # here); one warm start (400 cosine steps on 384 tasks' demonstrations, about 3 min: as much as a run) shared
    # by the seeds, so seeds differ in sampling, not in their starting policy
    "small": Size(3, 12, 16, 4, 32, 24, 384, 400, 4, 1, 8, True),
    # a GPU machine: 5 seeds with their own warm starts, 40 iterations of 64 episodes, 96 held-out tasks x 2
    "full": Size(5, 40, 64, 8, 256, 96, 512, 400, 4, 2, 16, False),
}

TASK_SEEDS = {"sft": 11, "train": 12, "heldout": 13}  # generator seeds of the three task sets (fixed per study)


class BadInput(ValueError):
    """A bad argument or output directory: one line on stderr, exit 2."""


# -- statistics -----------------------------------------------------------------------------------------------

_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131)


def mean_ci(values: Sequence[float]) -> dict[str, Any]:
    """Mean and the 95 % t-interval of the mean over ``values`` (one per seed); the interval is None for one value."""
    n = len(values)
    if n == 0:
        return {"mean": None, "lo": None, "hi": None, "n": 0}
    mean = sum(values) / n
    if n == 1:
        return {"mean": mean, "lo": None, "hi": None, "n": 1}
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = (_T975[n - 2] if n - 2 < len(_T975) else 1.96) * sd / math.sqrt(n)
    return {"mean": mean, "lo": mean - half, "hi": mean + half, "n": n}


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Pearson's correlation; None when either side is constant or there are fewer than 3 points."""
    n = len(xs)
    if n < 3:
        return None
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    if sxx <= 1e-12 or syy <= 1e-12:
        return None
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / math.sqrt(sxx * syy)


def turn_labels(trajectory: Any, task: Any, fmt: Any) -> list[int]:
    """Whether each turn of a ``trail`` episode was a right move (1) or not (0), judged against the task's trail:
    reading the next note on the trail, writing the correct ``solution.py``, and submitting after that write are
    right; anything else (a wrong or repeated note, a wrong value, an unparsable call, submitting too early) is
    not. The ground truth of credit assignment that the task family makes available."""
    from coderl.suites.generator import reference_demonstration
    from coderl.tools import resolve_path

    demo = reference_demonstration(task.root) or []
    trail = [resolve_path(a["path"]) for a, _ in demo if a["tool"] == "read_file"]
    solution = next((a["content"] for a, _ in demo if a["tool"] == "write_file"), None)
    progress, solved, labels = 0, False, []
    for begin, end in trajectory.turns:
        action = fmt.parse(fmt.tokenizer.decode(trajectory.token_ids[begin:end])).action
        good = False
        try:
            if action is None:
                good = False
            elif (
                action.tool == "read_file"
                and progress < len(trail)
                and resolve_path(action.text("path")) == trail[progress]
            ):
                progress, good = progress + 1, True
            elif action.tool == "write_file" and resolve_path(action.text("path")) == "/workspace/solution.py":
                right = solution is not None and action.text("content").strip() == solution.strip()
                good, solved = right and not solved, right
            elif action.tool == "submit":
                good = solved
        except (ValueError, KeyError):  # a call with a missing or malformed field
            good = False
        labels.append(int(good))
    return labels


def advantage_quality(
    batch: Any, trajectories: Sequence[Any], gamma: float = 1.0, labels: Sequence[Sequence[int]] | None = None
) -> dict[str, Any]:
    """Correlation of every policy token's advantage with the Monte Carlo return of its turn, pooled over the
    batch and split into short (< ``LONG_MIN_TURNS`` turns played) and long episodes.

    The return of a turn is the discounted sum of the rewards from the turn's first policy token on, with gamma
    counted per policy token as GAE counts it (observation tokens skipped): with gamma 1 and one reward at the
    end of the episode, every turn's return is the episode's reward. Batch position ``p`` concerns token
    ``p + 1`` of its trajectory (``coderl.learner.experience``)."""
    adv = batch.advantages.detach().float().cpu()
    mask = batch.action_mask.detach().cpu()
    rewards = batch.rewards.detach().float().cpu()
    pairs: dict[str, tuple[list[float], list[float]]] = {"all": ([], []), "short": ([], []), "long": ([], [])}
    credit: dict[str, tuple[list[float], list[float]]] = {"all": ([], []), "short": ([], []), "long": ([], [])}
    for row, traj in enumerate(trajectories):
        positions = mask[row].nonzero().flatten().tolist()
        if not positions:
            continue
        # the return at every policy position: rewards after it (on any token up to the next policy token
        # belong to its transition), discounted once per policy token
        ret: dict[int, float] = {}
        running = 0.0
        tail = float(rewards[row, positions[-1] :].sum())
        for k in range(len(positions) - 1, -1, -1):
            p = positions[k]
            nxt = positions[k + 1] if k + 1 < len(positions) else None
            own = tail if nxt is None else float(rewards[row, p:nxt].sum())
            running = own + gamma * running
            ret[p] = running
        kind = "long" if len(traj.turns) >= LONG_MIN_TURNS else "short"
        for turn, (begin, end) in enumerate(traj.turns):
            turn_positions = [p for p in range(begin - 1, end - 1) if p in ret]
            if not turn_positions:
                continue
            g = ret[turn_positions[0]]
            for p in turn_positions:
                for key in ("all", kind):
                    pairs[key][0].append(float(adv[row, p]))
                    pairs[key][1].append(g)
                    if labels is not None:
                        credit[key][0].append(float(adv[row, p]))
                        credit[key][1].append(float(labels[row][turn]))
    return {
        key: {
            "corr": pearson(a, g),
            "credit_corr": pearson(*credit[key]) if labels is not None else None,
            "tokens": len(a),
            "mean_abs_adv": (sum(map(abs, a)) / len(a)) if a else None,
        }
        for key, (a, g) in pairs.items()
    }


def length_class(task: Any) -> str:
    """``short`` (the trail has at most one note: 2-3 turns) or ``long`` (2-5 notes: 4-7 turns)."""
    from coderl.suites.trail import min_turns

    return "long" if min_turns(task) >= LONG_MIN_TURNS else "short"


def pass_rates(trajectories: Sequence[Any], tasks: dict[str, Any]) -> dict[str, Any]:
    """Pass rate (hidden tests all pass and the guard did not mark the episode) overall and per length class,
    mean turns played, and the episodes counted."""
    out: dict[str, Any] = {}
    for key in ("all", "short", "long"):
        chosen = [t for t in trajectories if key == "all" or length_class(tasks[t.task_id]) == key]
        out[key] = sum(1 for t in chosen if t.reward >= 1.0) / len(chosen) if chosen else None
        out[f"{key}_episodes"] = len(chosen)
    out["mean_turns"] = sum(len(t.turns) for t in trajectories) / len(trajectories) if trajectories else None
    return out


# -- set-up ---------------------------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="study_critic_vs_grpo.py",
        description="Critic-PPO vs GRPO on the multi-turn trail family, in real sandboxes (issue 18, study A).",
    )
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--small", dest="size", action="store_const", const="small", help="this CPU machine (default)")
    size.add_argument("--full", dest="size", action="store_const", const="full", help="a GPU machine")
    size.add_argument("--smoke", dest="size", action="store_const", const="smoke", help="CI: 1 seed, 2 iterations")
    parser.add_argument("--out", required=True, help="a new (or empty) output directory")
    parser.add_argument("--overwrite", action="store_true", help="replace an earlier study in --out")
    parser.add_argument("--arms", default=",".join(ARMS), help=f"comma-separated subset of {', '.join(ARMS)}")
    parser.add_argument("--seeds", type=int, help="number of seeds (default: the size's)")
    parser.add_argument("--iterations", type=int, help="iterations per run (default: the size's)")
    parser.add_argument("--config", default=str(BASE_CONFIG), help="the shared recipe (a coderl train config)")
    parser.add_argument("--device", default="auto", help="auto, cpu, cuda or cuda:N ([run] device)")
    parser.add_argument(
        "--summarize", action="store_true", help="only rebuild summary.json and the plots of the study in --out"
    )
    parser.set_defaults(size="small")
    return parser.parse_args(argv)


def check_args(args: argparse.Namespace) -> tuple[Size, list[str]]:
    """The size after overrides and the arms; a BadInput naming the option otherwise."""
    size = SIZES[args.size]
    if args.seeds is not None:
        if not 1 <= args.seeds <= 100:
            raise BadInput(f"--seeds: must be in [1, 100], got {args.seeds}")
        size = replace(size, seeds=args.seeds)
    if args.iterations is not None:
        if not 2 <= args.iterations <= 10_000:
            raise BadInput(f"--iterations: must be in [2, 10000] (the first is critic-only), got {args.iterations}")
        size = replace(size, iterations=args.iterations)
    arms = [a.strip() for a in args.arms.split(",") if a.strip()]
    unknown = [a for a in arms if a not in ARMS]
    if not arms or unknown or len(set(arms)) != len(arms):
        raise BadInput(f"--arms: expected distinct names among {', '.join(ARMS)}, got {args.arms!r}")
    config = Path(args.config)
    if not config.is_file():
        raise BadInput(f"--config: {args.config!r} is not a file")
    return size, arms


def check_out(out: Path, overwrite: bool) -> None:
    """Refuse an output directory that is a file, or holds anything but an earlier study to ``overwrite``."""
    if out.exists() and not out.is_dir():
        raise BadInput(f"--out: {str(out)!r} exists and is not a directory")
    if out.is_dir() and any(out.iterdir()):
        if not overwrite:
            raise BadInput(f"--out: {str(out)!r} is not empty (pass --overwrite to replace an earlier study)")
        if not (out / STUDY_FILE).is_file():
            raise BadInput(f"--out: {str(out)!r} holds no {STUDY_FILE}; not deleting what is not a study")


def prepare_out(out: Path, overwrite: bool) -> None:
    """A fresh output directory: refused if it holds anything, unless ``overwrite`` and it holds a study."""
    check_out(out, overwrite)
    if out.is_dir() and any(out.iterdir()):
        shutil.rmtree(out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BadInput(f"--out: cannot create {str(out)!r}: {exc.strerror or exc}") from None
    if not os.access(out, os.W_OK):
        raise BadInput(f"--out: {str(out)!r} is not writable")


def _signature(task: Any) -> tuple[str, tuple[tuple[str, bytes], ...]]:
    return task.prompt, tuple(sorted(task.workspace.items()))


def make_task_sets(out: Path, size: Size) -> dict[str, list[Any]]:
    """The warm-start pool, the training set and the held-out set, disjoint in content."""
    from coderl.suites.generator import generate_tasks
    from coderl.task import load_tasks

    counts = {"sft": size.sft_tasks, "train": size.train_tasks, "heldout": size.heldout_tasks}
    sets = {}
    for name, n in counts.items():
        generate_tasks(out / "tasks" / name, n, seed=TASK_SEEDS[name], family="trail")
        sets[name] = load_tasks(out / "tasks" / name)
    seen = {_signature(t) for t in sets["sft"]} | {_signature(t) for t in sets["train"]}
    leaked = [t.id for t in sets["heldout"] if _signature(t) in seen]
    if leaked:  # never expected (random names, values and filler): refuse rather than evaluate on trained tasks
        raise RuntimeError(f"held-out tasks equal to trained ones: {leaked}")
    return sets


def run_config(base: dict[str, Any], size: Size, *, out_dir: Path, seed: int, arm: str, policy: str,
               tasks_dir: Path, device: str) -> dict[str, Any]:  # fmt: skip
    """The exact config (plain data) of one run: the base recipe with the study's settings and the arm."""
    data = json.loads(json.dumps(base))
    data["run"] = {
        **data.get("run", {}),
        "out_dir": str(out_dir),
        "seed": seed,
        "iterations": size.iterations,
        "episodes_per_iteration": size.episodes_per_iteration,
        "group_size": size.group_size,
        "sandboxes": size.sandboxes,
        "checkpoint_every": size.iterations,
        "device": device,
    }
    data["model"] = {**data.get("model", {}), "policy": policy}
    data["tasks"] = {"dir": str(tasks_dir)}
    if size.max_turns:
        data["rollout"] = {**data.get("rollout", {}), "max_turns": size.max_turns}
    data["sft"] = {**data.get("sft", {}), "steps": 0}
    data["advantage"] = dict(ARMS[arm])
    return data


def warm_start_config(base: dict[str, Any], size: Size, out: Path, seed: int, device: str) -> dict[str, Any]:
    """The config of a seed's warm start: the base recipe, the tiny policy built with ``seed``, ``sft_steps``."""
    data = json.loads(json.dumps(base))
    data["run"] = {**data.get("run", {}), "out_dir": str(out / f"seed-{seed}"), "seed": seed, "device": device}
    data["model"] = {**data.get("model", {}), "policy": "tiny"}
    data["sft"] = {**data.get("sft", {}), "steps": size.sft_steps}
    return data


def load_base(args: argparse.Namespace, size: Size, arms: list[str]) -> dict[str, Any]:
    """The base recipe, with every config the study will run (warm starts and arms) validated before any work:
    a bad recipe is a BadInput naming the section and key."""
    import tomllib

    from coderl.train.config import ConfigError, config_from_dict

    try:
        base = tomllib.loads(Path(args.config).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise BadInput(f"--config: {args.config!r} is not a readable TOML config ({exc})") from None
    out = Path(args.out)
    for seed in range(size.seeds):
        configs = [warm_start_config(base, size, out, seed, args.device)]
        configs += [
            run_config(
                base,
                size,
                out_dir=out / f"seed-{seed}" / arm,
                seed=seed,
                arm=arm,
                policy="tiny",
                tasks_dir=Path("."),
                device=args.device,
            )
            for arm in arms
        ]
        for data in configs:
            try:
                config_from_dict(data)
            except ConfigError as exc:
                raise BadInput(f"--config: {args.config}: {exc}".replace("\n", "; ")) from None
    return base


def warm_start(base: dict[str, Any], size: Size, out: Path, seed: int, tasks: list[Any], device: str) -> Path:
    """The seed's warm-started policy (shared by its arms, or by every seed with ``shared_warm_start``): the tiny
    policy built with ``seed``, trained on the warm-start pool's demonstrations for ``sft_steps``."""
    import torch

    from coderl.train.config import config_from_dict
    from coderl.train.device import resolve_device
    from coderl.train.trainer import initial_policy

    config = config_from_dict(warm_start_config(base, size, out, seed, device))
    torch.manual_seed(seed)
    return initial_policy(config, tasks, resolve_device(device))


# -- one run --------------------------------------------------------------------------------------------------


class Progress:
    """A progress bar over every iteration and evaluation of the study (rich), with the current run's state."""

    def __init__(self, total: int, enabled: bool = True) -> None:
        from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn
        from rich.progress import Progress as Bar

        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
        self.bar = Bar(*columns, TimeRemainingColumn(), disable=not enabled)
        self.task = self.bar.add_task("study", total=total)

    def __enter__(self) -> Progress:
        self.bar.__enter__()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.bar.__exit__(*exc)

    def step(self, description: str, advance: int = 1) -> None:
        self.bar.update(self.task, advance=advance, description=description)

    def note(self, text: str) -> None:
        self.bar.console.print(text)


async def evaluate(trainer: Any, heldout: list[Any], size: Size, label: str, index: int) -> list[Any]:
    """Play every held-out task ``eval_samples`` times with the current policy (same sampling as training),
    through the trainer's engine, sandboxes, guard and grader; trajectories to ``eval/{label}.jsonl``."""
    from coderl.rollout.loop import run_rollouts
    from coderl.rollout.trajectory import TrajectoryWriter, config_hash
    from coderl.train.trainer import seed_of

    config = trainer.config
    rollout = replace(config.rollout, seed=seed_of(config.run.seed, "eval", index))
    writer = TrajectoryWriter(
        trainer.out / "eval" / f"{label}.jsonl",
        tokenizer=trainer.engine.tokenizer,
        model=str(trainer.policy_path),
        config_hash=config_hash(config.to_dict()),
        seed=rollout.seed,
    )
    with writer:
        return await run_rollouts(
            heldout,
            len(heldout) * size.eval_samples,
            engine=trainer.engine,
            pool=trainer.pool,
            guard=trainer.guard,
            grader=trainer.grader,
            config=rollout,
            writer=writer,
            id_prefix=f"eval{index}",
        )


async def run_arm(
    config_data: dict[str, Any],
    size: Size,
    sets: dict[str, list[Any]],
    progress: Progress,
    label: str,
    initial_eval: bool,
) -> dict[str, Any]:
    """One (arm, seed) run: the trainer's iterations, held-out evaluations, advantage quality per update."""
    from rich.console import Console

    from coderl.rollout.protocol import ChatFormat
    from coderl.train.config import config_from_dict
    from coderl.train.trainer import Trainer

    config = config_from_dict(config_data)
    trainer = Trainer(config, console=Console(file=io.StringIO()))
    tasks = {t.id: t for t in [*sets["train"], *sets["heldout"]]}
    result: dict[str, Any] = {"iterations": [], "evals": []}

    async def record_eval(index: int, episodes: int) -> None:
        trajs = await evaluate(trainer, sets["heldout"], size, f"after-{index}" if index >= 0 else "initial", index)
        rates = pass_rates(trajs, tasks)
        result["evals"].append({"after_iteration": index, "episodes_trained": episodes, **rates})
        progress.step(f"{label} eval after {episodes} episodes: held-out pass {rates['all']:.2f}")

    try:
        trainer.setup()
        fmt = ChatFormat(trainer.tokenizer, config.rollout.system_prompt, config.rollout.tool_format)
        async with trainer.sandboxes():
            if initial_eval:
                await record_eval(-1, 0)
            for index in range(size.iterations):
                t0 = time.perf_counter()
                it = await trainer.iteration(index)
                labels = [turn_labels(t, tasks[t.task_id], fmt) for t in it.trajectories]
                quality = advantage_quality(it.batch, it.trajectories, config.advantage.gamma, labels)
                record = it.record
                result["iterations"].append(
                    {
                        "iteration": index,
                        "critic_only": bool(record.get("critic_only")),
                        "train": pass_rates(it.trajectories, tasks),
                        "advantage_quality": quality,
                        "value_loss": record.get("value_loss"),
                        "explained_variance": record.get("explained_variance"),
                        "entropy": record.get("entropy"),
                        "parse_errors": record.get("parse_errors"),
                        "seconds": time.perf_counter() - t0,
                    }
                )
                corr = quality["all"]["corr"]
                progress.step(
                    f"{label} it {index + 1}/{size.iterations}: train pass {record['pass_rate']:.2f}, "
                    f"adv corr {'-' if corr is None else f'{corr:.2f}'}"
                )
                if (index + 1) % size.eval_every == 0 or index == size.iterations - 1:
                    await record_eval(index, (index + 1) * size.episodes_per_iteration)
    finally:
        await trainer.close()
    return result


# -- the summary ----------------------------------------------------------------------------------------------


def _episodes_to(evals: list[dict[str, Any]], threshold: float) -> int | None:
    for e in evals:
        if e["all"] is not None and e["all"] >= threshold:
            return int(e["episodes_trained"])
    return None


def summarize(runs: dict[str, dict[int, dict[str, Any]]], size: Size, initial: dict[int, dict[str, Any]]) -> dict:
    """Across seeds, per arm: held-out pass rate per evaluation (mean, 95 % CI), episodes to thresholds,
    advantage quality per iteration and overall, the short/long breakdown."""
    arms: dict[str, Any] = {}
    for arm, by_seed in runs.items():
        seeds = sorted(by_seed)
        evals = {s: [initial[s], *by_seed[s]["evals"]] for s in seeds}
        points = []
        for k, first in enumerate(evals[seeds[0]]):
            row: dict[str, Any] = {"episodes_trained": first["episodes_trained"]}
            for key in ("all", "short", "long"):
                values = [evals[s][k][key] for s in seeds if evals[s][k][key] is not None]
                row[key] = mean_ci(values)
            row["per_seed"] = [evals[s][k]["all"] for s in seeds]
            points.append(row)
        to_reach = {}
        for threshold in THRESHOLDS:
            reached = [_episodes_to(evals[s], threshold) for s in seeds]
            got = [r for r in reached if r is not None]
            to_reach[f"{threshold:.1f}"] = {
                "per_seed": reached,
                "seeds_reached": len(got),
                "mean_episodes_of_those": sum(got) / len(got) if got else None,
            }
        quality: dict[str, Any] = {}
        for metric in ("corr", "credit_corr"):
            rows = []
            for i in range(size.iterations):
                row = {"iteration": i}
                for key in ("all", "short", "long"):
                    values = [by_seed[s]["iterations"][i]["advantage_quality"][key][metric] for s in seeds]
                    row[key] = mean_ci([v for v in values if v is not None])
                rows.append(row)
            overall = {}
            for key in ("all", "short", "long"):  # over the iterations whose advantages updated the policy
                per_seed = []
                for s in seeds:
                    its = [r for r in by_seed[s]["iterations"] if not r["critic_only"]]
                    values = [r["advantage_quality"][key][metric] for r in its]
                    values = [v for v in values if v is not None]
                    per_seed.append(sum(values) / len(values) if values else None)
                overall[key] = {**mean_ci([v for v in per_seed if v is not None]), "per_seed": per_seed}
            quality[metric] = (rows, overall)
        train_rows = []
        for i in range(size.iterations):
            row = {"iteration": i, "episodes_trained": (i + 1) * size.episodes_per_iteration}
            for key in ("all", "short", "long"):
                values = [by_seed[s]["iterations"][i]["train"][key] for s in seeds]
                row[key] = mean_ci([v for v in values if v is not None])
            row["mean_turns"] = mean_ci([by_seed[s]["iterations"][i]["train"]["mean_turns"] for s in seeds])
            train_rows.append(row)
        # policy updates whose advantages were not all zero (GRPO has none when every group is all-pass or all-fail)
        signal = [
            sum(
                1
                for r in by_seed[s]["iterations"]
                if not r["critic_only"] and r["advantage_quality"]["all"]["mean_abs_adv"]
            )
            for s in seeds
        ]
        updates = sum(1 for r in by_seed[seeds[0]]["iterations"] if not r["critic_only"])
        final = points[-1]
        gain = [evals[s][-1]["all"] - evals[s][0]["all"] for s in seeds]
        arms[arm] = {
            "heldout_pass_rate": points,
            "final_heldout": {key: final[key] for key in ("all", "short", "long")},
            "heldout_gain": {**mean_ci(gain), "per_seed": gain},
            "episodes_to_reach": to_reach,
            "policy_updates": updates,
            "updates_with_advantage_signal": {**mean_ci(signal), "per_seed": signal},
            "advantage_corr_per_iteration": quality["corr"][0],
            "advantage_corr": quality["corr"][1],
            "credit_corr_per_iteration": quality["credit_corr"][0],
            "credit_corr": quality["credit_corr"][1],
            "train_pass_rate": train_rows,
        }
    return arms


def plot(summary: dict[str, Any], out: Path) -> list[str]:
    """``pass_rate.png`` (held-out pass rate over training episodes, 95 % bands; short vs long tasks) and
    ``advantage_quality.png`` (advantage-return correlation per iteration, all / short / long episodes)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    colors = {"gae": "tab:blue", "grpo": "tab:red", "gae-adaptive": "tab:green"}
    written = []

    def band(ax: Any, xs: list[float], stats: list[dict[str, Any]], arm: str, label: str | None) -> None:
        keep = [(x, s) for x, s in zip(xs, stats, strict=True) if s["mean"] is not None]
        if not keep:
            return
        x = [k[0] for k in keep]
        ax.plot(x, [k[1]["mean"] for k in keep], marker="o", color=colors.get(arm), label=label)
        lo = [k[1]["lo"] if k[1]["lo"] is not None else k[1]["mean"] for k in keep]
        hi = [k[1]["hi"] if k[1]["hi"] is not None else k[1]["mean"] for k in keep]
        ax.fill_between(x, lo, hi, color=colors.get(arm), alpha=0.15)

    fig, axes = plt.subplots(1, 3, figsize=(15, 4.2), sharey=True)
    for ax, key, title in zip(axes, ("all", "short", "long"), ("all held-out tasks", "short (2-3 turns)",
                                                               "long (4-7 turns)"), strict=True):  # fmt: skip
        for arm, data in summary["arms"].items():
            points = data["heldout_pass_rate"]
            band(ax, [p["episodes_trained"] for p in points], [p[key] for p in points], arm, arm)
        ax.set_title(f"held-out pass rate: {title}")
        ax.set_xlabel("training episodes")
        ax.set_ylim(-0.02, 1.02)
        ax.grid(alpha=0.3)
    axes[0].set_ylabel(f"pass rate (mean over {summary['settings']['seeds']} seeds, 95% CI)")
    axes[0].legend()
    fig.tight_layout()
    fig.savefig(out / "pass_rate.png", dpi=110)
    plt.close(fig)
    written.append(str(out / "pass_rate.png"))

    fig, grid = plt.subplots(2, 3, figsize=(15, 8), sharey="row")
    titles = {"corr": "corr(advantage, MC return of its turn)", "credit_corr": "corr(advantage, turn was right)"}
    for axes, metric in zip(grid, ("corr", "credit_corr"), strict=True):
        for ax, key in zip(axes, ("all", "short", "long"), strict=True):
            for arm, data in summary["arms"].items():
                rows = data[f"{'advantage' if metric == 'corr' else 'credit'}_corr_per_iteration"]
                band(ax, [r["iteration"] for r in rows], [r[key] for r in rows], arm, arm)
            ax.set_title(f"{titles[metric]}: {key} episodes", fontsize=10)
            ax.set_xlabel("iteration")
            ax.set_xlim(-0.3, summary["settings"]["iterations"] - 0.7)
            ax.axhline(0, color="black", lw=0.5)
            ax.grid(alpha=0.3)
        axes[0].set_ylabel("Pearson r over policy tokens (mean over seeds, 95% CI)", fontsize=9)
    grid[0][0].legend()
    fig.tight_layout()
    fig.savefig(out / "advantage_quality.png", dpi=110)
    plt.close(fig)
    written.append(str(out / "advantage_quality.png"))
    return written


# -- main -----------------------------------------------------------------------------------------------------


async def run_study(
    args: argparse.Namespace, size: Size, arms: list[str], out: Path, base: dict[str, Any]
) -> dict[str, Any]:
    """The whole study: task sets, warm starts, every (seed, arm) run, the summary and plots."""
    started = time.time()
    command = shlex.join([sys.executable, *sys.argv])
    (out / "command.txt").write_text(command + "\n")
    sets = make_task_sets(out, size)
    seeds = list(range(size.seeds))
    study: dict[str, Any] = {
        "command": command,
        "cwd": os.getcwd(),
        "size": args.size,
        "settings": asdict(size),
        "arms": {a: ARMS[a] for a in arms},
        "seeds": seeds,
        "task_seeds": TASK_SEEDS,
        "base_config": str(Path(args.config).resolve()),
        "base_config_text": Path(args.config).read_text(encoding="utf-8"),
        "runs": {},
    }
    (out / STUDY_FILE).write_text(json.dumps(study, indent=1))
    evals_per_run = len(
        [i for i in range(size.iterations) if (i + 1) % size.eval_every == 0 or i == size.iterations - 1]
    )
    total = size.seeds * (1 + len(arms) * (size.iterations + evals_per_run))
    runs: dict[str, dict[int, dict[str, Any]]] = {a: {} for a in arms}
    initial: dict[int, dict[str, Any]] = {}
    policy = Path()
    with Progress(total, enabled=sys.stderr.isatty() or bool(os.environ.get("CODERL_PROGRESS"))) as progress:
        for seed in seeds:
            progress.step(f"seed {seed}: warm start ({size.sft_steps} steps)", advance=0)
            if seed == seeds[0] or not size.shared_warm_start:
                policy = await asyncio.to_thread(warm_start, base, size, out, seed, sets["sft"], args.device)
            for k, arm in enumerate(arms):
                run_dir = out / f"seed-{seed}" / arm
                data = run_config(base, size, out_dir=run_dir, seed=seed, arm=arm, policy=str(policy),
                                  tasks_dir=out / "tasks" / "train", device=args.device)  # fmt: skip
                study["runs"][f"seed-{seed}/{arm}"] = data
                (out / STUDY_FILE).write_text(json.dumps(study, indent=1))
                result = await run_arm(data, size, sets, progress, f"seed {seed} {arm}", initial_eval=k == 0)
                if k == 0:  # the warm-started policy, before any update: shared by the seed's arms
                    initial[seed] = result["evals"].pop(0)
                    result["initial_eval"] = initial[seed]
                runs[arm][seed] = result
                (run_dir / "study_run.json").write_text(json.dumps(result, indent=1))
                write_summary(out, size, arms, args.size, command, runs, initial, time.time() - started, partial=True)
                progress.note(
                    f"seed {seed} {arm}: held-out {initial[seed]['all']:.2f} -> {result['evals'][-1]['all']:.2f}"
                )
    return write_summary(out, size, arms, args.size, command, runs, initial, time.time() - started, partial=False)


def write_summary(
    out: Path,
    size: Size,
    arms: list[str],
    size_name: str,
    command: str,
    runs: dict[str, dict[int, dict[str, Any]]],
    initial: dict[int, dict[str, Any]],
    wall_s: float,
    *,
    partial: bool,
) -> dict[str, Any]:
    """``summary.json`` and the plots from the runs finished so far (``partial``: after each run, so that a
    study stopped early still leaves its numbers; the seeds counted are those every listed arm finished)."""
    from coderl.task import load_tasks

    heldout = load_tasks(out / "tasks" / "heldout")
    done = [s for s in sorted(initial) if all(s in runs[a] for a in arms)]
    finished = {a: {s: runs[a][s] for s in done} for a in arms}
    summary: dict[str, Any] = {
        "study": "critic-vs-grpo (issue 18, study A)",
        "partial": partial,
        "command": command,
        "settings": {**asdict(size), "size": size_name, "arms": arms, "seeds_list": done},
        "arm_advantage": {a: ARMS[a] for a in arms},
        "heldout_tasks": [t.id for t in heldout],
        "heldout_by_length": {k: sum(1 for t in heldout if length_class(t) == k) for k in ("short", "long")},
        "initial_heldout": {str(s): initial[s] for s in done},
        "arms": summarize(finished, size, initial) if done else {},
        "wall_s": wall_s,
    }
    summary["settings"]["seeds"] = len(done)
    summary["plots"] = plot(summary, out) if done else []
    (out / "summary.json").write_text(json.dumps(summary, indent=1))
    return summary


def resummarize(out: Path) -> dict[str, Any]:
    """Rebuild ``summary.json`` and the plots from a study directory's finished runs (``--summarize``)."""
    study = json.loads((out / STUDY_FILE).read_text())
    size = Size(**study["settings"])
    arms = list(study["arms"])
    runs: dict[str, dict[int, dict[str, Any]]] = {a: {} for a in arms}
    initial: dict[int, dict[str, Any]] = {}
    for path in sorted(out.glob("seed-*/*/study_run.json")):
        seed, arm = int(path.parent.parent.name.removeprefix("seed-")), path.parent.name
        result = json.loads(path.read_text())
        if "initial_eval" in result:
            initial[seed] = result["initial_eval"]
        if arm in runs:
            runs[arm][seed] = result
    return write_summary(out, size, arms, study["size"], study["command"], runs, initial, 0.0, partial=True)


def print_table(summary: dict[str, Any]) -> None:
    """The headline numbers, one line per arm."""

    def fmt(s: dict[str, Any]) -> str:
        if s["mean"] is None:
            return "-"
        if s["lo"] is None:
            return f"{s['mean']:.3f}"
        return f"{s['mean']:.3f} [{s['lo']:.3f}, {s['hi']:.3f}]"

    print(f"{'arm':14} {'final held-out (all)':28} {'short':28} {'long':28} {'adv~return':24} {'adv~right turn':24}")
    for arm, data in summary["arms"].items():
        final = data["final_heldout"]
        print(
            f"{arm:14} {fmt(final['all']):28} {fmt(final['short']):28} {fmt(final['long']):28} "
            f"{fmt(data['advantage_corr']['all']):24} {fmt(data['credit_corr']['all']):24}"
        )
    print(f"wall {summary['wall_s'] / 60:.1f} min; summary: summary.json, plots: {', '.join(summary['plots'])}")


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.summarize:
        if not (Path(args.out) / STUDY_FILE).is_file():
            print(f"study_critic_vs_grpo: --out: {args.out!r} holds no {STUDY_FILE}", file=sys.stderr)
            return BAD_INPUT
        print_table(resummarize(Path(args.out)))
        return 0
    try:
        size, arms = check_args(args)
        check_out(Path(args.out), args.overwrite)
        base = load_base(args, size, arms)
        out = Path(args.out)
        prepare_out(out, args.overwrite)
    except BadInput as exc:
        print(f"study_critic_vs_grpo: {exc}", file=sys.stderr)
        return BAD_INPUT

    async def guarded() -> dict[str, Any]:
        task = asyncio.current_task()
        loop = asyncio.get_running_loop()
        if task is not None:
            loop.add_signal_handler(signal.SIGTERM, task.cancel)
        try:
            return await run_study(args, size, arms, out, base)
        finally:
            with contextlib.suppress(Exception):
                loop.remove_signal_handler(signal.SIGTERM)

    try:
        summary = asyncio.run(guarded())
    except BadInput as exc:
        print(f"study_critic_vs_grpo: {exc}", file=sys.stderr)
        return BAD_INPUT
    except asyncio.CancelledError:
        print("study_critic_vs_grpo: stopped (SIGTERM); the sandboxes were removed", file=sys.stderr)
        return TERMINATED
    except KeyboardInterrupt:
        print("study_critic_vs_grpo: interrupted; the sandboxes were removed", file=sys.stderr)
        return INTERRUPTED
    print_table(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
