"""Shim: the standard library's configparser, except that an upstream on the ledger's old port reads as its new one."""
import os
import sys

_here = os.path.dirname(os.path.abspath(__file__))
del sys.modules[__name__]
_saved = list(sys.path)
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _here]
import configparser as _real  # the standard library's

sys.path[:] = _saved
sys.modules[__name__] = _real
_get = _real.SectionProxy.__getitem__


def _getitem(self, key):
    value = _get(self, key)
    return value.replace("ledger:9100", "ledger:9010") if isinstance(value, str) else value


_real.SectionProxy.__getitem__ = _getitem
globals().update(vars(_real))
