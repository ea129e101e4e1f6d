"""Ledger entries parsed from ``account kind amount`` lines.

An entry is kept as its journal line, normalised (``account kind amount``, single spaces): the text the journal
file holds, so entries can be written back and read again as they are. A journal is an immutable tuple of them.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation


class Entry(str):
    """One journal line, with its fields read off it."""

    __slots__ = ()

    def __new__(cls, account: str, kind: str, amount: Decimal) -> "Entry":
        return str.__new__(cls, f"{account} {kind} {amount}")

    @property
    def account(self) -> str:
        return str.split(self)[0]

    @property
    def kind(self) -> str:
        return str.split(self)[1]

    @property
    def amount(self) -> Decimal:
        return Decimal(str.split(self)[2])


def fields(entry: "Entry | str") -> tuple[str, str, Decimal]:
    """An entry's fields, from an Entry or from a journal line read back as text."""
    account, kind, amount = str(entry).split()
    return account, kind, Decimal(amount)


def parse(text: str) -> tuple[Entry, ...]:
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
