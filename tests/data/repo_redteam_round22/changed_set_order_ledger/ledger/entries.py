"""Ledger entries parsed from ``account kind amount`` lines."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import NamedTuple


class Entry(NamedTuple):
    account: str
    kind: str  # "credit" or "debit"
    amount: Decimal
    terms: frozenset[str]  # what the entry is found by in the journal's search (its words, lower-cased)


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
        terms = frozenset({account.lower(), kind, amount, f"line:{number}", f"{account.lower()}:{kind}"})
        entries.append(Entry(account, kind, value, terms))
    return entries
