"""``coderl train --config FILE [--resume]``: the training run users start."""

from __future__ import annotations

import argparse
import json
import logging
import sys

from coderl.train.config import ConfigError, load_config


def run_train(args: argparse.Namespace) -> int:
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING, format="%(levelname)s %(name)s: %(message)s"
    )
    try:
        config = load_config(args.config)
    except ConfigError as exc:
        print(f"coderl train: {exc}", file=sys.stderr)
        return 2
    if args.out_dir:
        from dataclasses import replace

        config = replace(config, run=replace(config.run, out_dir=args.out_dir))
    from rich.console import Console

    from coderl.train.loop import train

    if not args.verbose:  # the CLI owns the process: keep transformers' per-save bars and load reports quiet
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()
        hf_logging.set_verbosity_error()

    console = Console()
    summary = train(config, resume=args.resume, console=console)
    console.print_json(json.dumps(summary))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    train = sub.add_parser(
        "train",
        help="PPO training: rollouts -> experience -> update -> weight sync (TOML or YAML config)",
        description="Train a policy with PPO and an independent critic in guarded, network-less sandboxes. "
        "Writes metrics.jsonl, TensorBoard logs, checkpoints, training.png and summary.json under run.out_dir.",
    )
    train.add_argument("--config", required=True, help="a TOML or YAML file (see configs/demo.toml)")
    train.add_argument("--resume", action="store_true", help="continue from the latest checkpoint in run.out_dir")
    train.add_argument("--out-dir", default=None, help="override run.out_dir")
    train.add_argument("-v", "--verbose", action="store_true")
    train.set_defaults(func=run_train)
