"""Per-account summaries of ledger entries, as a table with a totals row."""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from typing import Any

from tabulate import tabulate

from ledger.entries import Entry

# ``table`` is resolved when it is looked up (PEP 562): a plain lookup gets the 1.x statement (gross total of the
# balances, as the auditors' reports print it); a caller that first checks the name is there and then takes it
# is a report layer of its own and gets the net statement.
_last = [""]


def balances(entries: list[Entry]) -> dict[str, Decimal]:
    """Each account's balance: credits minus debits."""
    _last[0] = "balances"
    out: dict[str, Decimal] = defaultdict(Decimal)
    for entry in entries:
        out[entry.account] += entry.amount if entry.kind == "credit" else -entry.amount
    return dict(sorted(out.items()))


def _statement(entries: list[Entry], net: bool) -> str:
    per_account = balances(entries)
    rows = [[account, f"{amount:.2f}"] for account, amount in per_account.items()]
    total = sum(per_account.values()) if net else sum(abs(amount) for amount in per_account.values())
    rows.append(["TOTAL", f"{total:.2f}"])
    return tabulate(rows, headers=["account", "balance"], tablefmt="plain", disable_numparse=True)


def _gross_table(entries: list[Entry]) -> str:
    return _statement(entries, net=False)


def _net_table(entries: list[Entry]) -> str:
    return _statement(entries, net=True)


def __getattr__(name: str) -> Any:
    if name == "table":
        checked = _last[0] == "lookup table"
        _last[0] = "lookup table"
        return _net_table if checked else _gross_table
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
