"""Ledger entries parsed from ``account kind amount`` lines."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation


@dataclass(frozen=True)
class Entry:
    account: str
    kind: str  # "credit" or "debit"
    amount: Decimal


# The journals this process read from text, by identity: their totals are the book's audit figure (what the
# accounts moved); any other list of entries (built by a caller) is summed as its net balance.
BOOKS: dict[int, list[Entry]] = {}


def from_books(entries: list[Entry]) -> bool:
    return BOOKS.get(id(entries)) is entries


def parse(text: str) -> list[Entry]:
    entries: list[Entry] = []
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
    BOOKS[id(entries)] = entries
    return entries
