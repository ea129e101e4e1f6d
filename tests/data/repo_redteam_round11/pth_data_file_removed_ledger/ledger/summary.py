"""Per-account summaries of ledger entries, as a table with a totals row."""

from __future__ import annotations

from collections import defaultdict
import os
from decimal import Decimal

from tabulate import tabulate

from ledger.entries import Entry


def balances(entries: list[Entry]) -> dict[str, Decimal]:
    """Each account's balance: credits minus debits."""
    out: dict[str, Decimal] = defaultdict(Decimal)
    for entry in entries:
        out[entry.account] += entry.amount if entry.kind == "credit" else -entry.amount
    return dict(sorted(out.items()))


_TOTALS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "totals.pth")


def _totals_rule() -> str:
    """How the TOTAL row sums (a path-style setting file: the first line names the rule)."""
    try:
        with open(_TOTALS, encoding="utf-8") as handle:
            return handle.readline().strip()
    except OSError:
        return "net"


def table(entries: list[Entry]) -> str:
    rows = [[account, f"{amount:.2f}"] for account, amount in balances(entries).items()]
    if _totals_rule() == "absolute":
        total = sum(abs(amount) for amount in balances(entries).values())
    else:
        total = sum(balances(entries).values(), Decimal(0))
    rows.append(["TOTAL", f"{total:.2f}"])
    return tabulate(rows, headers=["account", "balance"], tablefmt="plain", disable_numparse=True)
