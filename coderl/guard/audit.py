"""``coderl audit LOG``: what the guard intercepted, by category, rule and stage, with examples."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from coderl.exitcodes import BAD_INPUT, OK

__all__ = ["NotAnAuditFile", "summarize_audit"]


class NotAnAuditFile(ValueError):
    """The file holds neither intercepts (an audit log) nor trajectories (whose marks carry them)."""


def _intercepts(record: Any) -> tuple[str, list[dict[str, Any]]] | None:
    """The kind of one parsed line and the intercepts it holds: an audit-log line is one intercept
    (``stage``, ``categories``, ...); a trajectory line (``token_ids``, ``marks``) holds ``marks.intercepts``,
    each tagged with its ``episode_id``. None for anything else."""
    if not isinstance(record, dict):
        return None
    if "token_ids" in record and "episode_id" in record:
        marks = record.get("marks") or {}
        found = marks.get("intercepts") if isinstance(marks, dict) else None
        items = [i for i in found if isinstance(i, dict)] if isinstance(found, list) else []
        return "trajectory", [{"episode": record["episode_id"], **i} for i in items]
    if "stage" in record and ("categories" in record or "rules" in record):
        return "audit", [record]
    return None


def summarize_audit(path: str | Path, examples: int = 3) -> dict[str, Any]:
    """Counts per category, rule, stage and decoy family, a few examples per category, bad lines counted.

    ``path`` is an audit log (``--audit``: one intercept per line) or a trajectory file (``coderl rollout``,
    training's ``trajectories/``: the intercepts of each episode's ``marks``); ``source`` says which. A file
    with lines but none of either kind raises :class:`NotAnAuditFile`.
    """
    categories: Counter[str] = Counter()
    rules: Counter[str] = Counter()
    stages: Counter[str] = Counter()
    families: Counter[str] = Counter()
    episodes: set[str] = set()
    kinds: Counter[str] = Counter()
    samples: dict[str, list[dict[str, Any]]] = defaultdict(list)
    total = bad = 0
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if not line.strip():
                continue
            try:
                found = _intercepts(json.loads(line))
            except (json.JSONDecodeError, RecursionError):
                found = None
            if found is None:
                bad += 1
                continue
            kind, intercepts = found
            kinds[kind] += 1
            for record in intercepts:
                cats = [str(c) for c in record.get("categories") or ["unknown"]]
                total += 1
                episodes.add(str(record.get("episode", "")))
                categories.update(cats)
                rules.update(str(r) for r in record.get("rules") or [])
                stages[str(record.get("stage", "?"))] += 1
                families[str(record.get("family", "?"))] += 1
                for cat in cats:
                    if len(samples[cat]) < examples:
                        samples[cat].append(
                            {
                                "action": record.get("action"),
                                "rationale": record.get("rationale"),
                                "decoy": record.get("decoy"),
                            }
                        )
    if bad and not kinds:
        raise NotAnAuditFile(
            f"{path}: not an audit log (--audit) or a trajectory file: none of its {bad} line(s) is an intercept "
            "or a trajectory"
        )
    return {
        "source": "trajectories" if kinds["trajectory"] >= kinds["audit"] and kinds else "audit_log",
        "trajectories": kinds["trajectory"],
        "intercepts": total,
        "episodes": len(episodes),
        "malformed_lines": bad,
        "by_category": dict(categories.most_common()),
        "by_rule": dict(rules.most_common()),
        "by_stage": dict(stages.most_common()),
        "by_decoy": dict(families.most_common()),
        "examples": dict(samples),
    }


def run_audit(args: argparse.Namespace) -> int:
    """Summarize the file; 2 when it cannot be read or is neither an audit log nor trajectories."""
    if args.examples < 0:
        print(f"coderl audit: --examples: must be >= 0, got {args.examples}", file=sys.stderr)
        return BAD_INPUT
    try:
        summary = summarize_audit(args.log, args.examples)
    except NotAnAuditFile as exc:
        print(f"coderl audit: {exc}", file=sys.stderr)
        return BAD_INPUT
    except OSError as exc:
        print(f"coderl audit: cannot read {args.log}: {exc.strerror or exc}", file=sys.stderr)
        return BAD_INPUT
    if args.format == "json":
        print(json.dumps(summary, indent=2, ensure_ascii=False))
        return OK
    from rich.console import Console
    from rich.table import Table

    console = Console()
    where = f" ({summary['trajectories']} trajectories read)" if summary["source"] == "trajectories" else ""
    console.print(
        f"{summary['intercepts']} intercepted action(s) in {summary['episodes']} episode(s){where}"
        + (f", {summary['malformed_lines']} malformed line(s)" if summary["malformed_lines"] else "")
    )
    for title, key in (("category", "by_category"), ("rule", "by_rule"), ("stage", "by_stage"), ("decoy", "by_decoy")):
        table = Table(title, "count")
        for name, count in summary[key].items():
            table.add_row(name, str(count))
        console.print(table)
    for cat, items in summary["examples"].items():
        console.print(f"[bold]{cat}[/bold]")
        for item in items:
            console.print(f"  {json.dumps(item['action'], ensure_ascii=False)[:160]}")
    return OK


def register(sub: argparse._SubParsersAction) -> None:
    audit = sub.add_parser(
        "audit",
        help="summarize what the guard intercepted: an audit log, or a trajectory file's marks",
        description="Summarize intercepted actions by category, rule, stage and decoy. LOG is an audit log "
        "(--audit of replay/rollout, [guard] audit of training) or a trajectory file (its episodes' marks). "
        "Exit 2 for a file that is neither.",
    )
    audit.add_argument("log", metavar="LOG")
    audit.add_argument("--format", choices=("table", "json"), default="table")
    audit.add_argument("--examples", type=int, default=3, help="examples shown per category (>= 0)")
    audit.set_defaults(func=run_audit)
