"""``coderl sandbox build|check|clean``: the image, the isolation report, and leftover containers."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys

from coderl.sandbox.config import SandboxConfig
from coderl.sandbox.podman import EngineError, PodmanEngine


def _config(args: argparse.Namespace) -> SandboxConfig:
    kwargs = {"mode": args.mode}
    if args.image:
        kwargs["image"] = args.image
    return SandboxConfig(**kwargs)  # type: ignore[arg-type]


def run_build(args: argparse.Namespace) -> int:
    from coderl.sandbox.image import build_image

    engine = PodmanEngine(_config(args))
    try:
        print(build_image(engine, suite=args.suite, mirror=args.mirror, force=args.force))
    finally:
        engine.close()
    return 0


def run_check(args: argparse.Namespace) -> int:
    from coderl.sandbox.check import check_isolation, format_warnings

    report = asyncio.run(check_isolation(_config(args)))
    print(json.dumps(report, indent=2))
    warnings = format_warnings(report)
    if warnings:
        print(warnings, file=sys.stderr)
    if args.strict and report["warnings"]:
        return 1
    return 0 if report["ok"] else 1


def run_clean(args: argparse.Namespace) -> int:
    engine = PodmanEngine(_config(args))
    try:
        ids = [c["id"] for c in engine.list_sandboxes()]
        if not args.all:
            print(f"removed {engine.remove_leftovers()} leftover sandbox container(s)")
        else:
            engine.remove(ids)
            print(f"removed {len(ids)} sandbox container(s)")
    finally:
        engine.close()
    return 0


def _guarded(func):  # type: ignore[no-untyped-def]
    def run(args: argparse.Namespace) -> int:
        logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
        try:
            return int(func(args))
        except EngineError as exc:
            print(f"coderl sandbox: {exc}")
            return 2

    return run


def register(sub: argparse._SubParsersAction) -> None:
    sandbox = sub.add_parser("sandbox", help="build the sandbox image, check isolation, clean up containers")
    actions = sandbox.add_subparsers(dest="sandbox_command", metavar="ACTION", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--image", default=None, help="image name (default: CODERL_SANDBOX_IMAGE or built-in)")
    common.add_argument("--mode", choices=("rootless", "rootful"), default="rootless")
    build = actions.add_parser("build", parents=[common], help="build the image offline from Debian packages")
    build.add_argument("--suite", default="bookworm")
    build.add_argument("--mirror", default=None, help="Debian mirror (default: the one apt uses)")
    build.add_argument("--force", action="store_true", help="rebuild even if the image exists")
    build.set_defaults(func=_guarded(run_build))
    check = actions.add_parser(
        "check", parents=[common], help="measure which isolation properties and limits hold here (JSON)"
    )
    check.add_argument(
        "--strict", action="store_true", help="exit 1 also when a limit holds only per process (e.g. CPU)"
    )
    check.set_defaults(func=_guarded(run_check))
    clean = actions.add_parser("clean", parents=[common], help="remove containers left by killed runs")
    clean.add_argument("--all", action="store_true", help="remove every coderl sandbox container of this user")
    clean.set_defaults(func=_guarded(run_clean))
