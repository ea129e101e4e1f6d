"""``coderl audit LOG``: what the guard intercepted, by category, rule and stage, with examples."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

__all__ = ["summarize_audit"]


def summarize_audit(path: str | Path, examples: int = 3) -> dict[str, Any]:
    """Counts per category, rule, stage and decoy family, a few examples per category, bad lines counted."""
    categories: Counter[str] = Counter()
    rules: Counter[str] = Counter()
    stages: Counter[str] = Counter()
    families: Counter[str] = Counter()
    episodes: set[str] = set()
    samples: dict[str, list[dict[str, Any]]] = defaultdict(list)
    total = bad = 0
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                cats = list(record.get("categories") or ["unknown"])
            except (json.JSONDecodeError, AttributeError, TypeError):
                bad += 1
                continue
            total += 1
            episodes.add(str(record.get("episode", "")))
            categories.update(cats)
            rules.update(record.get("rules") or [])
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
    return {
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
    try:
        summary = summarize_audit(args.log, args.examples)
    except OSError as exc:
        print(f"coderl audit: cannot read {args.log}: {exc}", file=sys.stderr)
        return 2
    if args.format == "json":
        print(json.dumps(summary, indent=2, ensure_ascii=False))
        return 0
    from rich.console import Console
    from rich.table import Table

    console = Console()
    console.print(
        f"{summary['intercepts']} intercepted action(s) in {summary['episodes']} episode(s)"
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
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    audit = sub.add_parser("audit", help="summarize a guard audit log (JSONL of intercepted actions)")
    audit.add_argument("log")
    audit.add_argument("--format", choices=("table", "json"), default="table")
    audit.add_argument("--examples", type=int, default=3, help="examples shown per category")
    audit.set_defaults(func=run_audit)
