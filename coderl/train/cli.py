"""``coderl train --config FILE [--resume | --overwrite]``: the training run users start.

Everything a user can get wrong is checked before anything runs, in this order: the config (exit 2,
naming the file, section and key), the run directory (an earlier run there needs ``--resume`` or
``--overwrite``: exit 2), the rollout engine's package (``[rollout] engine = "vllm"`` where vllm is not
installed: exit 2, naming the environment that has it), ``[run] device`` against the machine (``cuda`` without a
GPU: exit 2), the checkpoint's chat template against ``[rollout]
tool_format`` (exit 2 with the reason), then Podman (missing or without its sandbox user:
exit 3, naming the fix).
Only then are models loaded and sandboxes started.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import logging
import sys

from coderl.exitcodes import BAD_INPUT, INFRASTRUCTURE, INTERRUPTED, OK
from coderl.train.config import ConfigError, load_config
from coderl.train.rundir import clear_run, earlier_run


def _fail(message: str, code: int) -> int:
    for line in message.splitlines():
        print(f"coderl train: {line}", file=sys.stderr)
    return code


def run_train(args: argparse.Namespace) -> int:
    """Validate, check the run directory and Podman, then train; returns the exit status."""
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING, format="%(levelname)s %(name)s: %(message)s"
    )
    try:
        config = load_config(args.config, out_dir=args.out_dir)
    except ConfigError as exc:
        return _fail(str(exc), BAD_INPUT)
    earlier = earlier_run(config.out_dir)
    if earlier and not (args.resume or args.overwrite):
        names = ", ".join(p.name for p in earlier[:5]) + (", ..." if len(earlier) > 5 else "")
        return _fail(
            f"{config.out_dir} holds an earlier run ({names}); pass --resume to continue it, --overwrite to "
            "replace it, or choose a new out_dir (--out-dir DIR)",
            BAD_INPUT,
        )
    from coderl.rollout.engine import EngineUnavailable, check_engine

    try:
        check_engine(config.engine)
    except EngineUnavailable as exc:
        return _fail(f"[rollout] engine: {exc}", BAD_INPUT)
    from coderl.train.device import DeviceUnavailable, resolve_device

    try:
        device = resolve_device(config.run.device)
    except DeviceUnavailable as exc:
        return _fail(f"[run] device: {exc}", BAD_INPUT)
    if config.engine == "vllm" and device.type == "cuda" and device.index:
        return _fail(
            f"[run] device: {config.run.device!r} with [rollout] engine = 'vllm': vLLM shares the first visible GPU; "
            f"run with CUDA_VISIBLE_DEVICES={device.index} and device = 'cuda'",
            BAD_INPUT,
        )
    if config.model.policy != "tiny" and config.rollout.tool_format != "coderl":  # tools go through the template
        from coderl.rollout.protocol import TemplateMismatch, check_tool_format

        try:
            check_tool_format(config.model.policy, config.rollout.tool_format, config.rollout.system_prompt)
        except TemplateMismatch as exc:
            return _fail(f"[rollout] tool_format: {config.rollout.tool_format}: {exc}", BAD_INPUT)
    if config.cluster.backend == "ray" and importlib.util.find_spec("ray") is None:
        return _fail(
            '[cluster] backend: "ray" needs Ray, which is not installed here (pip install "coderl[ray]")', BAD_INPUT
        )
    from coderl.sandbox.podman import EngineError, PodmanEngine

    try:
        PodmanEngine(config.sandbox)  # podman on PATH, the rootless user present: cheap, starts nothing
    except EngineError as exc:
        return _fail(str(exc), INFRASTRUCTURE)
    if args.overwrite and earlier:
        clear_run(config.out_dir)
    from rich.console import Console

    from coderl.train.loop import train

    if not args.verbose:  # the CLI owns the process: keep transformers' per-save bars and load reports quiet
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()
        hf_logging.set_verbosity_error()

    console = Console()
    from coderl.train.device import PhaseOutOfMemory

    try:
        if config.cluster.backend == "ray":
            from coderl.distributed.cluster import ClusterUnavailable
            from coderl.distributed.controller import train_on_ray

            try:
                summary = train_on_ray(config, resume=args.resume, console=console)
            except ClusterUnavailable as exc:
                return _fail(f"[cluster] {exc}", INFRASTRUCTURE)
        else:
            summary = train(config, resume=args.resume, console=console)
    except PhaseOutOfMemory as exc:
        return _fail(str(exc), INFRASTRUCTURE)
    except KeyboardInterrupt:
        return _fail(f"interrupted; continue with --resume (and --out-dir {config.out_dir})", INTERRUPTED)
    console.print_json(json.dumps(summary))
    return OK


def register(sub: argparse._SubParsersAction) -> None:
    train = sub.add_parser(
        "train",
        help="PPO training: rollouts -> experience -> update -> weight sync (TOML or YAML config)",
        description="Train a policy with PPO and an independent critic in guarded, network-less sandboxes. "
        "Writes metrics.jsonl, TensorBoard logs, checkpoints, training.png and summary.json under run.out_dir. "
        "Exit status: 0 done, 2 a bad config (or [run] device naming a GPU this machine lacks) or an earlier run in "
        "out_dir, 3 Podman missing or failing, or CUDA out of memory (the phase and sizes named; --resume after "
        "lowering them).",
    )
    train.add_argument("--config", required=True, help="a TOML or YAML file (see configs/demo.toml)")
    mode = train.add_mutually_exclusive_group()
    mode.add_argument("--resume", action="store_true", help="continue from the latest checkpoint in run.out_dir")
    mode.add_argument(
        "--overwrite", action="store_true", help="clear an earlier run in run.out_dir (its metrics, checkpoints, ...)"
    )
    train.add_argument("--out-dir", default=None, metavar="DIR", help="override run.out_dir")
    train.add_argument("-v", "--verbose", action="store_true")
    train.set_defaults(func=run_train)
