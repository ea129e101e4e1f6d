"""The ``coderl`` command line. Subcommands are added by the modules that own them."""

from __future__ import annotations

import argparse
import json
import signal
import sys
from collections.abc import Sequence

from coderl import __version__
from coderl.exitcodes import INFRASTRUCTURE, TERMINATED, exit_code_for


def _info(_: argparse.Namespace) -> int:
    """Print what this installation can do: native ops, Triton, devices."""
    import torch

    try:
        from coderl import _native
    except ImportError as exc:
        print(
            f"coderl info: the native extension is not built ({exc}); run `make setup` or `pip install .`",
            file=sys.stderr,
        )
        return INFRASTRUCTURE

    try:
        import triton

        triton_version: str | None = triton.__version__
    except ImportError:
        triton_version = None
    info = {
        "coderl": __version__,
        "native_extension": _native.__file__,
        "hardware_threads": _native.hardware_threads(),
        "torch": torch.__version__,
        "torch_threads": torch.get_num_threads(),
        "cuda": torch.cuda.is_available(),
        "triton": triton_version,
    }
    print(json.dumps(info, indent=2))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="coderl",
        description="coderl: PPO post-training of LLM code agents (critic PPO, fused GAE, sandboxes, anti-cheat).",
    )
    parser.add_argument("--version", action="version", version=f"coderl {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    info = sub.add_parser("info", help="show the native extension, Triton and device status")
    info.set_defaults(func=_info)
    # in data-flow order: tasks, guard, sandbox, grading, replay/audit, rollouts, training
    from coderl import replay
    from coderl.distributed import cli as cluster_cli
    from coderl.grade import cli as grade_cli
    from coderl.guard import audit
    from coderl.guard import cli as guard_cli
    from coderl.rollout import cli as rollout_cli
    from coderl.sandbox import cli as sandbox_cli
    from coderl.suites import cli as suites_cli
    from coderl.train import cli as train_cli

    modules = (suites_cli, guard_cli, sandbox_cli, grade_cli, replay, audit, rollout_cli, train_cli, cluster_cli)
    for module in modules:
        module.register(sub)
    return parser


class _Terminate:
    """SIGTERM handled as Ctrl-C: asyncio cancels the running command, whose sandboxes and Podman API
    service are then cleaned up on the way out (a plain SIGTERM would leave them running)."""

    received = False

    @classmethod
    def install(cls) -> None:
        if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
            signal.signal(signal.SIGTERM, cls._handle)

    @classmethod
    def _handle(cls, signum: int, frame: object) -> None:
        cls.received = True
        signal.raise_signal(signal.SIGINT)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; its exit status follows :mod:`coderl.exitcodes` (0 ok, 1 verdict, 2 bad input,
    3 infrastructure), also for errors it lets escape: those print one line on stderr, not a traceback."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    _Terminate.install()
    try:
        code = int(args.func(args))
    except (Exception, KeyboardInterrupt) as exc:
        found = exit_code_for(exc)
        if found is None:  # not an ordinary mistake or failure: a bug, whose traceback helps
            raise
        if not isinstance(exc, KeyboardInterrupt):
            print(f"coderl {args.command}: {exc}", file=sys.stderr)
        code = found
    return TERMINATED if _Terminate.received else code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
