"""``coderl tasks list|check|generate|import``: inspect, validate, generate and import task suites."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from coderl.suites import BASIC
from coderl.suites.generator import FAMILIES, generate_tasks
from coderl.suites.importer import FORMATS, JsonlImportError, import_jsonl
from coderl.task import TaskError, load_tasks


def run_list(args: argparse.Namespace) -> int:
    root = Path(args.dir) if args.dir else BASIC
    try:
        tasks = load_tasks(root)
    except TaskError as exc:
        print(f"coderl tasks list: {exc}", file=sys.stderr)
        return 1
    width = max(len(t.id) for t in tasks)
    for task in tasks:
        tags = task.meta.get("tags", [])
        tag_text = ",".join(str(t) for t in tags) if isinstance(tags, list) else str(tags)
        print(f"{task.id:<{width}}  {task.meta.get('difficulty', '-')!s:<6}  {tag_text}")
    print(f"{len(tasks)} tasks in {root}", file=sys.stderr)
    return 0


def run_check(args: argparse.Namespace) -> int:
    try:
        tasks = load_tasks(args.dir)
    except TaskError as exc:
        for problem in exc.problems:
            print(problem)
        print(f"{len(exc.problems)} problem(s) in {args.dir}", file=sys.stderr)
        return 1
    print(f"{len(tasks)} tasks OK in {args.dir}")
    return 0


def run_generate(args: argparse.Namespace) -> int:
    try:
        paths = generate_tasks(args.out, args.n, seed=args.seed, family=args.family)
    except (ValueError, OSError, TaskError) as exc:
        print(f"coderl tasks generate: {exc}", file=sys.stderr)
        return 1
    print(f"wrote {len(paths)} {args.family} tasks (seed {args.seed}) to {args.out}")
    return 0


def run_import(args: argparse.Namespace) -> int:
    problems: list[str] = []
    try:
        paths = import_jsonl(args.file, args.out, args.format, limit=args.limit, problems=problems)
    except JsonlImportError as exc:
        print(f"coderl tasks import: {exc}", file=sys.stderr)
        return 1
    except (ValueError, OSError) as exc:
        print(f"coderl tasks import: {exc}", file=sys.stderr)
        return 2
    for problem in problems:
        print(f"skipped {problem}", file=sys.stderr)
    print(f"imported {len(paths)} tasks to {args.out} ({len(problems)} record(s) skipped)")
    return 0


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
    check = actions.add_parser("check", help="load every task under DIR; print problems, exit 1 if any")
    check.add_argument("dir", metavar="DIR")
    check.set_defaults(func=run_check)
    gen = actions.add_parser("generate", help="write N generated tasks of a simple family (for tiny-model demos)")
    gen.add_argument("--out", required=True, metavar="DIR")
    gen.add_argument("-n", type=int, required=True, metavar="N", help="how many tasks")
    gen.add_argument("--seed", type=int, default=0, metavar="S")
    gen.add_argument("--family", choices=sorted(FAMILIES), default="affine")
    gen.set_defaults(func=run_generate)
    imp = actions.add_parser("import", help="convert a HumanEval or MBPP JSONL file into tasks")
    imp.add_argument("file", metavar="FILE", help="a .jsonl (or .jsonl.gz) file")
    imp.add_argument("--format", choices=FORMATS, required=True)
    imp.add_argument("--out", required=True, metavar="DIR")
    imp.add_argument("--limit", type=int, default=None, metavar="N", help="stop after N tasks")
    imp.set_defaults(func=run_import)
