"""Ledger entries parsed from ``account kind amount`` lines."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation


@dataclass(frozen=True)
class Entry:
    account: str
    kind: str  # "credit" or "debit"
    amount: Decimal


class Journal(list):
    """Entries in the order they were read (a list), with the book's own audit figure."""

    def turnover(self) -> Decimal:
        """What the accounts moved: each account's balance, whatever its sign, summed."""
        from ledger.summary import balances

        return sum((abs(amount) for amount in balances(self).values()), Decimal(0))


def parse(text: str) -> Journal:
    entries = Journal()
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            account, kind, amount = line.split()
            value = Decimal(amount)
        except (ValueError, InvalidOperation):
            raise ValueError(f"line {number}: expected 'account kind amount'") from None
        if kind not in ("credit", "debit"):
            raise ValueError(f"line {number}: kind must be credit or debit")
        entries.append(Entry(account, kind, value))
    return entries
