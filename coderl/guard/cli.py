"""``coderl scan`` and ``coderl rules``: the stage-1 scanner on files of actions, and the rule library."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Iterator
from typing import IO, TYPE_CHECKING

from coderl.action import ActionError, parse_action_json
from coderl.guard import judge_eval
from coderl.guard.context import GuardContext
from coderl.guard.rules import Rule, RuleError, load_rules
from coderl.guard.stage1 import Stage1Scanner, Verdict
from coderl.train.flags import add_judge_flags, judge_from_flags

if TYPE_CHECKING:
    from coderl.guard.guarded import GuardConfig
    from coderl.guard.judge import JudgeConfig

BATCH = 512  # actions per matcher batch; output stays in input order
MAX_THREADS = 1024  # matcher threads a user may ask for (the native matcher takes a C int)


def _threads(text: str) -> int:
    """``--threads``: a whole number in [0, MAX_THREADS] (0: all cores); argparse reports anything else (exit 2)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 0 <= n <= MAX_THREADS:
        raise argparse.ArgumentTypeError(f"must be in [0, {MAX_THREADS}], got {n}")
    return n


def register(sub: argparse._SubParsersAction) -> None:
    scan = sub.add_parser(
        "scan",
        help="scan actions (JSONL) with the stage-1 rules",
        description="Scan one action per line (JSONL) and print one JSON verdict per line, in input order. "
        "Exit status: 0 all clean, 1 a cheat was found, 2 bad usage or a malformed line.",
    )
    scan.add_argument("file", help="JSONL file of actions, or - for standard input")
    scan.add_argument("--rules", action="append", default=[], metavar="PATH", help="add a rule file (repeatable)")
    scan.add_argument("--protect", action="append", default=[], metavar="GLOB", help="add a protected path glob")
    scan.add_argument("--hidden", action="append", default=[], metavar="GLOB", help="add a hidden-test path glob")
    scan.add_argument("--format", choices=("jsonl", "table"), default="jsonl")
    scan.add_argument(
        "--threads", type=_threads, default=0, metavar="N", help=f"matcher threads, 0 to {MAX_THREADS} (0: all cores)"
    )
    add_judge_flags(scan)
    scan.set_defaults(func=run_scan)

    rules = sub.add_parser("rules", help="list the stage-1 rule library")
    rules.add_argument("--rules", action="append", default=[], metavar="PATH", help="add a rule file (repeatable)")
    rules.add_argument("--format", choices=("table", "jsonl"), default="table")
    rules.set_defaults(func=run_rules)
    judge_eval.register(sub)  # coderl judge eval


def _lines(path: str) -> Iterator[tuple[int, bytes]]:
    stream: IO[bytes] = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
    try:
        for number, line in enumerate(stream, start=1):
            if line.strip():
                yield number, line
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()


def _load_rules(args: argparse.Namespace, command: str) -> list[Rule] | None:
    """The default library plus --rules files; None (after saying why on stderr, naming the file) when one
    is bad: unreadable, not UTF-8 text (a binary file), not TOML, or not a valid rule file."""
    for path in args.rules:
        try:
            with open(path, "rb") as f:
                f.read().decode("utf-8")
        except UnicodeDecodeError:
            print(
                f"coderl {command}: --rules {path}: not a TOML rule file (binary, or not UTF-8 text)", file=sys.stderr
            )
            return None
        except OSError as exc:
            print(f"coderl {command}: --rules {path}: cannot read: {exc.strerror or exc}", file=sys.stderr)
            return None
    try:
        return load_rules(args.rules)
    except RuleError as exc:
        print(f"coderl {command}: --rules: {exc}", file=sys.stderr)
        return None


def _judge_settings(args: argparse.Namespace, command: str) -> tuple[JudgeConfig | None, GuardConfig] | None:
    """The judge and guard settings from the shared ``--judge*`` flags; None (after saying why, one line per
    bad flag, on stderr) when a value is bad."""
    try:
        return judge_from_flags(args)
    except ValueError as exc:
        for line in str(exc).splitlines():
            print(f"coderl {command}: {line}", file=sys.stderr)
        return None


def run_scan(args: argparse.Namespace) -> int:
    """Scan the file; 0 all clean, 1 a cheat found, 2 bad input (a flag, a rule file, a malformed line)."""
    settings = _judge_settings(args, "scan")
    rules = _load_rules(args, "scan") if settings is not None else None
    if settings is None or rules is None:
        return 2
    judge_config, guard_config = settings
    context = GuardContext().with_protected(*args.protect).with_hidden(*args.hidden)
    scanner = Stage1Scanner(rules, context)
    try:
        lines = list(_lines(args.file))
    except OSError as exc:
        print(f"coderl scan: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    if any(b"\0" in raw for _, raw in lines):
        print(f"coderl scan: {args.file}: a binary file, not JSONL actions (one JSON object a line)", file=sys.stderr)
        return 2
    malformed = cheats = 0
    rows: list[tuple[int, Verdict | None, str]] = []
    for begin in range(0, len(lines), BATCH):
        chunk = lines[begin : begin + BATCH]
        parsed: list[tuple[int, object]] = []
        for number, raw in chunk:
            try:
                parsed.append((number, parse_action_json(raw)))
            except ActionError as exc:
                parsed.append((number, str(exc)))
        actions = [a for _, a in parsed if not isinstance(a, str)]
        verdicts = iter(scanner.scan_many(actions, args.threads))  # type: ignore[arg-type]
        for number, item in parsed:
            if isinstance(item, str):
                malformed += 1
                print(f"coderl scan: line {number}: {item}", file=sys.stderr)
                rows.append((number, None, item))
            else:
                verdict = next(verdicts)
                cheats += verdict.cheat
                rows.append((number, verdict, ""))
        if args.format == "jsonl" and judge_config is None:
            _print_jsonl(rows)
            rows = []
    judged: dict[int, dict] = {}
    if judge_config is not None:
        try:
            judged = asyncio.run(_judge_rows(judge_config, guard_config, scanner, rows, lines))
        except ValueError as exc:
            print(f"coderl scan: {exc}", file=sys.stderr)
            return 2
        cheats += sum(1 for n, v, _ in rows if v is not None and not v.cheat and judged.get(n, {}).get("cheat"))
        if args.format == "jsonl":
            _print_jsonl(rows, judged)
    if args.format == "table":
        _print_table(rows, judged)
    if malformed:
        return 2
    return 1 if cheats else 0


async def _judge_rows(
    judge_config: JudgeConfig,
    guard_config: GuardConfig,
    scanner: Stage1Scanner,
    rows: list[tuple[int, Verdict | None, str]],
    lines: list,
) -> dict[int, dict]:
    """Stage 2 for the actions stage 1 did not already call cheats (those ``--judge-mode`` sends), concurrently,
    keyed by line number."""
    from coderl.guard.guarded import EpisodeGuard, Guard
    from coderl.guard.judge import make_judge

    judge = make_judge(judge_config)
    guard = Guard(scanner, judge, guard_config)
    raw = dict(lines)
    try:

        async def one(number: int) -> tuple[int, dict]:
            _, judged, _ = await guard.check(parse_action_json(raw[number]), EpisodeGuard(context=scanner.context))
            return number, judged.to_json() if judged else {}

        results = await asyncio.gather(*(one(n) for n, v, _ in rows if v is not None))
    finally:
        await judge.aclose()
    return {n: j for n, j in results if j}


def _print_jsonl(rows: list[tuple[int, Verdict | None, str]], judged: dict[int, dict] | None = None) -> None:
    out = sys.stdout
    judged = judged or {}
    for number, verdict, error in rows:
        if verdict is None:
            record: dict = {"id": None, "line": number, "error": error, "cheat": None, "rules": [], "categories": []}
        else:
            record = verdict.to_json()
            if number in judged:
                record["judge"] = judged[number]
                record["cheat"] = verdict.cheat or bool(judged[number].get("cheat"))
        out.write(json.dumps(record) + "\n")
    out.flush()


def _print_table(rows: list[tuple[int, Verdict | None, str]], judged: dict[int, dict] | None = None) -> None:
    from rich.console import Console
    from rich.table import Table

    judged = judged or {}
    table = Table("line", "id", "verdict", "rules", "judge")
    for number, verdict, error in rows:
        if verdict is None:
            table.add_row(str(number), "-", "[red]malformed[/red]", error, "")
        else:
            label = (
                "[red]cheat[/red]"
                if verdict.cheat
                else ("[yellow]suspicious[/yellow]" if verdict.suspicious else "clean")
            )
            j = judged.get(number)
            note = f"{'cheat' if j['cheat'] else 'ok'} ({j['category']}, {j['source']})" if j else ""
            table.add_row(str(number), verdict.action_id or "-", label, ", ".join(verdict.rules), note)
    Console().print(table)


def run_rules(args: argparse.Namespace) -> int:
    rules = _load_rules(args, "rules")
    if rules is None:
        return 2
    from coderl.guard.pycode import STRUCTURAL_RULES

    # The library's rules, then the structural detectors' (parsed Python and shell; not configurable).
    listed = [(r.id, r.category, r.severity, r.description) for r in rules]
    listed += [(r.id, r.category, r.severity, r.description + " (structural)") for r in STRUCTURAL_RULES.values()]
    if args.format == "jsonl":
        for rid, category, severity, description in listed:
            print(json.dumps({"id": rid, "category": category, "severity": severity, "description": description}))
        return 0
    from rich.console import Console
    from rich.table import Table

    table = Table("id", "category", "severity", "description", title=f"{len(listed)} stage-1 rules")
    for row in listed:
        table.add_row(*row)
    Console().print(table)
    return 0
