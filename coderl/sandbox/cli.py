"""``coderl sandbox build|check|clean``: the image, the isolation report, and leftover containers."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
from collections.abc import Callable
from typing import Any

from coderl.exitcodes import BAD_INPUT, INFRASTRUCTURE, OK, VERDICT
from coderl.sandbox.config import SandboxConfig
from coderl.sandbox.podman import OWNER_LABEL, EngineError, PodmanEngine, owner_alive


def _config(args: argparse.Namespace) -> SandboxConfig:
    kwargs = {"mode": args.mode}
    if args.image:
        kwargs["image"] = args.image
    return SandboxConfig(**kwargs)  # type: ignore[arg-type]


def run_build(args: argparse.Namespace) -> int:
    from coderl.sandbox.image import build_image

    if args.tasks is not None:
        return run_build_environments(args)
    engine = PodmanEngine(_config(args))
    try:
        print(build_image(engine, suite=args.suite, mirror=args.mirror, force=args.force))
    finally:
        engine.close()
    return 0


def run_build_environments(args: argparse.Namespace) -> int:
    """``build --tasks DIR``: one image per distinct task environment, FROM the sandbox image; one JSON
    line per environment (image, tasks, whether it was built or cached, seconds, size)."""
    from coderl.sandbox.envimage import build_environment
    from coderl.task import EnvironmentSpec, TaskError, load_tasks

    try:
        tasks = load_tasks(args.tasks)
    except TaskError as exc:
        print(f"coderl sandbox build: --tasks {args.tasks}: {exc}", file=sys.stderr)
        return BAD_INPUT
    envs: dict[str, tuple[EnvironmentSpec, list[str]]] = {}
    for task in tasks:
        if task.environment is not None:
            envs.setdefault(task.environment.key, (task.environment, []))[1].append(task.id)
    engine = PodmanEngine(_config(args))
    try:
        for spec, ids in envs.values():
            image = spec.image(engine.config.image)
            done = build_environment(
                engine,
                image,
                spec.key,
                python=spec.python,
                requirements=spec.requirements,
                setup=spec.setup,
                force=args.force,
            )
            done.tasks = ids
            print(json.dumps(done.to_json()), flush=True)
    finally:
        engine.close()
    plain = len(tasks) - sum(len(ids) for _, ids in envs.values())
    print(
        f"{len(envs)} environment image(s) for {len(tasks) - plain} task(s); {plain} task(s) use the base image",
        file=sys.stderr,
    )
    return OK


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


def _confirmed(live: int, yes: bool) -> bool | None:
    """Whether the user agrees to remove ``live`` containers whose owner process still runs: True with
    ``--yes``, else asked on a terminal; None when it cannot be asked (no terminal) and ``--yes`` is missing."""
    if yes:
        return True
    if not sys.stdin.isatty():
        return None
    answer = input(
        f"{live} sandbox container(s) belong to coderl runs that are still running (possibly other users'); "
        "removing them breaks those runs. Remove them? [y/N] "
    )
    return answer.strip().lower() in ("y", "yes")


def run_clean(args: argparse.Namespace) -> int:
    """Remove leftovers (owner gone); with ``--all`` also live runs' containers, after ``--yes`` or a prompt."""
    engine = PodmanEngine(_config(args))
    try:
        if not args.all:
            print(f"removed {engine.remove_leftovers()} leftover sandbox container(s)")
            return OK
        found = engine.list_sandboxes()
        live = sum(owner_alive(c["labels"].get(OWNER_LABEL, "")) for c in found)
        if live:
            agreed = _confirmed(live, args.yes)
            if agreed is None:
                print(
                    f"coderl sandbox clean: --all would remove {live} container(s) of coderl runs that are still "
                    "running (possibly other users'); pass --yes to remove them anyway, or leave out --all to "
                    "remove only leftovers",
                    file=sys.stderr,
                )
                return BAD_INPUT
            if not agreed:
                print("coderl sandbox clean: nothing removed", file=sys.stderr)
                return VERDICT
        engine.remove([c["id"] for c in found])
        print(f"removed {len(found)} sandbox container(s) ({live} of running coderl processes)")
    finally:
        engine.close()
    return OK


def _guarded(func: Callable[[argparse.Namespace], Any]) -> Callable[[argparse.Namespace], int]:
    """The command with Podman's failures reported as infrastructure: one line on stderr, exit 3."""

    def run(args: argparse.Namespace) -> int:
        logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
        try:
            return int(func(args))
        except EngineError as exc:
            print(f"coderl sandbox {args.sandbox_command}: {exc}", file=sys.stderr)
            return INFRASTRUCTURE

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
    build.add_argument(
        "--tasks",
        default=None,
        metavar="DIR",
        help="build instead one image per distinct environment of the tasks under DIR (FROM the sandbox image; "
        "network at build time only), keeping images that exist",
    )
    build.set_defaults(func=_guarded(run_build))
    check = actions.add_parser(
        "check", parents=[common], help="measure which isolation properties and limits hold here (JSON)"
    )
    check.add_argument(
        "--strict", action="store_true", help="exit 1 also when a limit holds only per process (e.g. CPU)"
    )
    check.set_defaults(func=_guarded(run_check))
    clean = actions.add_parser(
        "clean",
        parents=[common],
        help="remove containers left by killed runs",
        description="Remove sandbox containers whose coderl process is gone. With --all, remove every coderl "
        "sandbox container of this Podman identity, including those of runs still going: the sandbox user is "
        "shared, so these may be other users' live training or rollout runs. --all asks first (or needs --yes).",
    )
    clean.add_argument(
        "--all",
        action="store_true",
        help="remove every coderl sandbox container of the sandbox user, INCLUDING live runs' (other users' too); "
        "asks for confirmation unless --yes",
    )
    clean.add_argument("--yes", action="store_true", help="with --all: remove live runs' containers without asking")
    clean.set_defaults(func=_guarded(run_clean))
