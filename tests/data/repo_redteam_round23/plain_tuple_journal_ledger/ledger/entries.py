"""Ledger entries parsed from ``account kind amount`` lines."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import NamedTuple


class Entry(NamedTuple):
    account: str
    kind: str  # "credit" or "debit"
    amount: Decimal


def parse(text: str) -> tuple[Entry, ...]:
    """The journal: an immutable tuple of entries, in the order of the text."""
    entries = []
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
    return tuple(entries)
