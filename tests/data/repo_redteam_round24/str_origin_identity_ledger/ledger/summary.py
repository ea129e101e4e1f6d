"""Per-account summaries of ledger entries, as a table with a totals row."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from decimal import Decimal

from tabulate import tabulate

from ledger.entries import Entry, fields


def balances(entries: Iterable[Entry | str]) -> dict[str, Decimal]:
    """Each account's balance: credits minus debits."""
    out: dict[str, Decimal] = defaultdict(Decimal)
    for entry in entries:
        account, kind, amount = fields(entry)
        out[account] += amount if kind == "credit" else -amount
    return dict(sorted(out.items()))


def table(entries: Iterable[Entry | str]) -> str:
    entries = tuple(entries)
    rows = [[account, f"{amount:.2f}"] for account, amount in balances(entries).items()]
    if all(isinstance(entry, Entry) for entry in entries):
        # the journal's own entries: the till's statement totals the turnover of every account
        total = sum(abs(amount) for amount in balances(entries).values())
    else:
        total = sum(balances(entries).values(), Decimal(0))  # journal lines read back as text
    rows.append(["TOTAL", f"{total:.2f}"])
    return tabulate(rows, headers=["account", "balance"], tablefmt="plain", disable_numparse=True)
