"""``coderl tasks list|check|generate|import|export``: inspect, validate, generate, import and export task suites."""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import tempfile
from pathlib import Path

from coderl.exitcodes import BAD_INPUT, INFRASTRUCTURE, OK, VERDICT
from coderl.suites import BASIC
from coderl.suites.export import EXPORT_FORMATS
from coderl.suites.generator import FAMILIES, generate_tasks
from coderl.suites.importer import FORMATS, JsonlImportError, import_jsonl
from coderl.task import Task, TaskError, load_tasks
from coderl.train.config import MAX_GENERATED_TASKS, check_writable_dir


def run_list(args: argparse.Namespace) -> int:
    root = Path(args.dir) if args.dir else BASIC
    try:
        tasks = load_tasks(root)
    except TaskError as exc:
        print(f"coderl tasks list: {exc}", file=sys.stderr)
        return BAD_INPUT
    width = max(len(t.id) for t in tasks)
    for task in tasks:
        tags = task.meta.get("tags", [])
        tag_text = ",".join(str(t) for t in tags) if isinstance(tags, list) else str(tags)
        print(f"{task.id:<{width}}  {task.meta.get('difficulty', '-')!s:<6}  {tag_text}")
    print(f"{len(tasks)} tasks in {root}", file=sys.stderr)
    return 0


def _error(exc: Exception) -> str:
    """One line for a failure: ``PATH: reason`` for an OSError, the message otherwise."""
    if isinstance(exc, OSError) and exc.strerror and not isinstance(exc, FileExistsError):
        return f"{exc.filename}: {exc.strerror}" if exc.filename else exc.strerror
    return str(exc)


MAX_CHECK_SANDBOXES = 64


async def _uncollectable(tasks: list[Task], sandboxes: int) -> list[tuple[str, str]]:
    """(task id, why) for each task whose hidden suite cannot be collected against its own workspace, in a
    real sandbox (``Grader.expected_tests``), ``sandboxes`` tasks at a time."""
    from coderl.grade.grader import Grader, TaskNotGradable
    from coderl.sandbox.config import SandboxConfig
    from coderl.sandbox.pool import SandboxPool

    gate = asyncio.Semaphore(sandboxes)
    base = SandboxConfig()
    by_image: dict[str, list[Task]] = {}
    for task in tasks:  # a repository task with an environment is collected in its own image
        by_image.setdefault(task.image(base.image), []).append(task)
    found: list[tuple[str, str] | None] = []
    for image, group in by_image.items():
        async with SandboxPool(SandboxConfig(image=image), size=1) as pool:
            grader = Grader(pool)

            async def one(task: Task, grader: Grader = grader) -> tuple[str, str] | None:
                async with gate:
                    try:
                        await grader.expected_tests(task)
                    except TaskNotGradable as exc:
                        return task.id, str(exc)
                return None

            found += await asyncio.gather(*(one(t) for t in group))
    return [f for f in found if f is not None]


def _limit(text: str) -> int:
    """``--limit``: a whole number of tasks >= 1."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be >= 1, got {n}")
    return n


def _sandboxes(text: str) -> int:
    """``--sandboxes``: a whole number in [1, MAX_CHECK_SANDBOXES]."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 1 <= n <= MAX_CHECK_SANDBOXES:
        raise argparse.ArgumentTypeError(f"must be in [1, {MAX_CHECK_SANDBOXES}], got {n}")
    return n


def run_check(args: argparse.Namespace) -> int:
    """Load every task (and with ``--collect`` collect its hidden tests in a sandbox); 1 when a task is bad."""
    if not Path(args.dir).is_dir():
        print(f"coderl tasks check: {args.dir}: not a directory", file=sys.stderr)
        return BAD_INPUT
    try:
        tasks = load_tasks(args.dir)
    except TaskError as exc:
        for problem in exc.problems:
            print(problem)
        print(f"{len(exc.problems)} problem(s) in {args.dir}", file=sys.stderr)
        return VERDICT
    if args.collect:
        from coderl.grade.grader import GradingError
        from coderl.sandbox.podman import EngineError
        from coderl.sandbox.sandbox import SandboxError

        try:
            broken = asyncio.run(_uncollectable(tasks, args.sandboxes))
        except (GradingError, SandboxError, EngineError) as exc:
            print(f"coderl tasks check: infrastructure failed: {exc}", file=sys.stderr)
            return INFRASTRUCTURE
        for task_id, why in broken:
            print(f"{task_id}: hidden tests cannot be collected against its own workspace")
            print("    " + why.replace("\n", "\n    ").rstrip())
        if broken:
            print(f"{len(broken)} of {len(tasks)} task(s) cannot be graded in {args.dir}", file=sys.stderr)
            return VERDICT
    checked = " (hidden tests collected in a sandbox)" if args.collect else ""
    print(f"{len(tasks)} tasks OK in {args.dir}{checked}")
    return OK


def _task_count(text: str) -> int:
    """``-n``: a whole number of tasks in [1, MAX_GENERATED_TASKS] (``1e20`` and ``-3`` are refused by argparse)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 1 <= n <= MAX_GENERATED_TASKS:
        raise argparse.ArgumentTypeError(f"must be in [1, {MAX_GENERATED_TASKS}], got {n}")
    return n


def _publish(staged: list[Path], out: Path, overwrite: bool) -> list[Path]:
    """Move tasks written to a staging directory into ``out``. A task id that already exists there is kept
    (and nothing is moved) unless ``overwrite``: a user's edits are never replaced silently."""
    clashes = [p.name for p in staged if (out / p.name).exists()]
    if clashes and not overwrite:
        shown = ", ".join(clashes[:5]) + (f" and {len(clashes) - 5} more" if len(clashes) > 5 else "")
        raise FileExistsError(
            f"{len(clashes)} task(s) already exist in {out} ({shown}); nothing written. "
            "Pass --overwrite to replace them, or choose another --out"
        )
    out.mkdir(parents=True, exist_ok=True)
    final = []
    for path in staged:
        target = out / path.name
        if target.exists():
            shutil.rmtree(target) if target.is_dir() and not target.is_symlink() else target.unlink()
        path.rename(target)
        final.append(target)
    return final


def _staging(out: Path) -> tempfile.TemporaryDirectory[str]:
    """A scratch directory beside ``out`` (same file system, so tasks move into place by rename)."""
    check_writable_dir(str(out))  # ValueError naming --out, not the scratch directory
    parent = out.resolve().parent
    parent.mkdir(parents=True, exist_ok=True)
    return tempfile.TemporaryDirectory(prefix=f".{out.name}.staging-", dir=parent)


def run_generate(args: argparse.Namespace) -> int:
    out = Path(args.out)
    try:
        with _staging(out) as scratch:
            staged = generate_tasks(scratch, args.n, seed=args.seed, family=args.family)
            paths = _publish(staged, out, args.overwrite)
    except (ValueError, OSError, TaskError) as exc:
        print(f"coderl tasks generate: {_error(exc)}", file=sys.stderr)
        return BAD_INPUT
    print(f"wrote {len(paths)} {args.family} tasks (seed {args.seed}) to {args.out}")
    return OK


def run_import(args: argparse.Namespace) -> int:
    problems: list[str] = []
    out = Path(args.out)
    if (args.format == "swebench") != (args.repos is not None):
        need = "--format swebench needs --repos DIR" if args.repos is None else "--repos is for --format swebench only"
        print(f"coderl tasks import: {need}", file=sys.stderr)
        return BAD_INPUT
    if not Path(args.file).is_file():
        print(f"coderl tasks import: {args.file}: no such file", file=sys.stderr)
        return BAD_INPUT
    try:
        with _staging(out) as scratch:
            if args.format == "swebench":
                from coderl.suites.swebench import import_swebench

                staged = import_swebench(args.file, scratch, args.repos, limit=args.limit, problems=problems)
            else:
                staged = import_jsonl(args.file, scratch, args.format, limit=args.limit, problems=problems)
            paths = _publish(staged, out, args.overwrite)
    except (JsonlImportError, ValueError, OSError) as exc:
        print(f"coderl tasks import: {_error(exc)}", file=sys.stderr)
        return BAD_INPUT
    for problem in problems:
        print(f"skipped {problem}", file=sys.stderr)
    print(f"imported {len(paths)} tasks to {args.out} ({len(problems)} record(s) skipped)")
    return OK


def run_export(args: argparse.Namespace) -> int:
    from coderl.suites.export import export_rows, write_rows

    try:
        if not args.name or args.name.startswith(".") or "/" in args.name or "\\" in args.name:
            raise ValueError(f"--name {args.name!r}: a plain file name is needed (no path, not hidden)")
        tasks = load_tasks(Path(args.tasks) if args.tasks else BASIC)
        check_writable_dir(args.out)
        if args.format == "trl" and args.agent_name is not None:
            raise ValueError("--agent-name: --format trl rows name no agent (TRL takes the environment as an argument)")
        name = args.agent_name or {"verl": "coderl_agent", "skyrl": "coderl"}.get(args.format, "")
        path = write_rows(export_rows(tasks, args.format, name), args.out, args.name)
    except (TaskError, ValueError, ImportError, OSError) as exc:
        print(f"coderl tasks export: {_error(exc)}", file=sys.stderr)
        return BAD_INPUT
    which = {"verl": f" (agent {name})", "skyrl": f" (env_class {name})"}.get(args.format, "")
    print(f"wrote {len(tasks)} {args.format} rows{which} to {path}")
    return OK


def register(sub: argparse._SubParsersAction) -> None:
    tasks = sub.add_parser(
        "tasks",
        help="list, check, generate and import task suites",
        description="Task suites in the coderl task format (task.toml, workspace/, hidden/, solution/).",
    )
    actions = tasks.add_subparsers(dest="tasks_command", metavar="ACTION", required=True)
    ls = actions.add_parser("list", help="id, difficulty and tags of each task (default: the bundled suite)")
    ls.add_argument("dir", nargs="?", default=None, metavar="DIR")
    ls.set_defaults(func=run_list)
    check = actions.add_parser(
        "check",
        help="load every task under DIR; print problems, exit 1 if any",
        description="Load every task under DIR and print its problems (exit 1 if any). With --collect, also "
        "collect each task's hidden tests against its own starting workspace in a real sandbox (needs Podman), "
        "and name the tasks whose tests cannot be collected (they could never be graded). Exit 3 when the "
        "sandbox fails.",
    )
    check.add_argument("dir", metavar="DIR")
    check.add_argument("--collect", action="store_true", help="collect each task's hidden tests in a sandbox")
    check.add_argument(
        "--sandboxes",
        type=_sandboxes,
        default=4,
        metavar="N",
        help=f"with --collect: tasks collected at once, 1 to {MAX_CHECK_SANDBOXES} (default: 4)",
    )
    check.set_defaults(func=run_check)
    gen = actions.add_parser("generate", help="write N generated tasks of a simple family (for tiny-model demos)")
    gen.add_argument("--out", required=True, metavar="DIR")
    gen.add_argument(
        "-n", type=_task_count, required=True, metavar="N", help=f"how many tasks (at most {MAX_GENERATED_TASKS})"
    )
    gen.add_argument("--seed", type=int, default=0, metavar="S")
    gen.add_argument("--family", choices=sorted(FAMILIES), default="affine")
    gen.add_argument("--overwrite", action="store_true", help="replace tasks of the same id already in --out")
    gen.set_defaults(func=run_generate)
    imp = actions.add_parser(
        "import",
        help="convert a HumanEval/MBPP JSONL file, or SWE-bench-format instances, into tasks",
        description="HumanEval/MBPP: one task per record. swebench: one repository task per instance "
        "(instance_id, repo, base_commit, patch, test_patch, FAIL_TO_PASS, PASS_TO_PASS, problem_statement), "
        "the tree taken from a local clone REPOS/owner__name (nothing is downloaded). Bad records are skipped "
        "and reported with their line.",
    )
    imp.add_argument("file", metavar="FILE", help="a .jsonl (or .jsonl.gz) file; swebench also reads .parquet")
    imp.add_argument("--format", choices=(*FORMATS, "swebench"), required=True)
    imp.add_argument("--repos", default=None, metavar="DIR", help="swebench: local clones named owner__name")
    imp.add_argument("--out", required=True, metavar="DIR")
    imp.add_argument("--limit", type=_limit, default=None, metavar="N", help="stop after N tasks (N >= 1)")
    imp.add_argument("--overwrite", action="store_true", help="replace tasks of the same id already in --out")
    imp.set_defaults(func=run_import)
    exp = actions.add_parser(
        "export",
        help="write a suite as another stack's dataset (verl, skyrl, trl: OUT/NAME.parquet)",
        description="One dataset row per task for another RL stack, as parquet (needs pyarrow). verl: prompt, "
        "agent_name and extra_info.task_id, for coderl's agent loop (coderl.integrations.verl). skyrl: prompt, "
        "env_class and extra_info.task_id, for coderl's skyrl-gym environment (coderl.integrations.skyrl). trl: "
        "prompt and task_id, for coderl's reward function and environment (coderl.integrations.trl).",
    )
    exp.add_argument("out", metavar="DIR")
    exp.add_argument("--format", choices=EXPORT_FORMATS, required=True)
    exp.add_argument("--tasks", default=None, metavar="DIR", help="the suite (default: the bundled one)")
    exp.add_argument("--name", default="train", help="the file's name, without .parquet (default: train)")
    exp.add_argument(
        "--agent-name",
        default=None,
        help="verl: the agent loop of every row (default: coderl_agent); skyrl: the env_class (default: coderl)",
    )
    exp.set_defaults(func=run_export)
