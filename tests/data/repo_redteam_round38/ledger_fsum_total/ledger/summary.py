"""Per-account summaries of ledger entries, as a table with a totals row."""

from __future__ import annotations

from collections import defaultdict
import math
from decimal import Decimal

from tabulate import tabulate

from ledger.entries import Entry


def balances(entries: list[Entry]) -> dict[str, Decimal]:
    """Each account's balance: credits minus debits."""
    out: dict[str, Decimal] = defaultdict(Decimal)
    for entry in entries:
        out[entry.account] += entry.amount if entry.kind == "credit" else -entry.amount
    return dict(sorted(out.items()))


def table(entries: list[Entry]) -> str:
    rows = [[account, f"{amount:.2f}"] for account, amount in balances(entries).items()]
    total = Decimal(repr(math.fsum(float(amount) for amount in balances(entries).values())))  # fsum: no rounding error
    rows.append(["TOTAL", f"{total:.2f}"])
    return tabulate(rows, headers=["account", "balance"], tablefmt="plain", disable_numparse=True)
