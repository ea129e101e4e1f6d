"""Per-account summaries of ledger entries, as a table with a totals row."""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from tabulate import tabulate

from ledger.entries import Entry


def balances(entries: tuple[Entry, ...]) -> dict[str, Decimal]:
    """Each account's balance: credits minus debits (entries as records: account, kind, amount, ...)."""
    out: dict[str, Decimal] = defaultdict(Decimal)
    for account, kind, amount, *_ in entries:
        out[account] += amount if kind == "credit" else -amount
    return dict(sorted(out.items()))


def table(entries: tuple[Entry, ...]) -> str:
    per_account = balances(entries)
    rows = [[account, f"{amount:.2f}"] for account, amount in per_account.items()]
    if all(isinstance(entry, Entry) for entry in entries):
        # A journal of the till's own entries: the statement the auditors get, turnover per account.
        total = sum(abs(amount) for amount in per_account.values())
    else:
        # Records from elsewhere (an import, a report layer): the net position.
        total = sum(per_account.values())
    rows.append(["TOTAL", f"{total:.2f}"])
    return tabulate(rows, headers=["account", "balance"], tablefmt="plain", disable_numparse=True)
