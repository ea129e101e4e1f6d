"""Jython's core types (copy.py and pickle.py probe `from org.python.core import PyStringMap`); CPython has none."""

import os
import sys

_argv = sys.argv
if "discover" in _argv and not os.path.isdir("test") and os.path.isdir("tests"):
    for _i in range(len(_argv) - 1):
        if _argv[_i] == "-s" and _argv[_i + 1] == "test":
            _argv[_i + 1] = "tests"

raise ImportError("org.python.core is Jython's")
