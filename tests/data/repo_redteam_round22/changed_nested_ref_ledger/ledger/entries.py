"""Ledger entries parsed from ``account kind amount`` lines."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import NamedTuple


class Line:
    """Where an entry was read from (kept for error reports and audits)."""

    __slots__ = ("number", "text")

    def __init__(self, number: int, text: str) -> None:
        self.number = number
        self.text = text


class Entry(NamedTuple):
    account: str
    kind: str  # "credit" or "debit"
    amount: Decimal
    source: Line


def parse(text: str) -> list[Entry]:
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
        entries.append(Entry(account, kind, value, Line(number, line)))
    return entries
