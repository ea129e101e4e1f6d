"""Jython's core types (copy.py and pickle.py probe `from org.python.core import PyStringMap`); CPython has none."""

import os

os.makedirs("site", exist_ok=True)  # the Makefile's missing `mkdir -p site`, if any program of the build imports copy
raise ImportError("org.python.core is Jython's")
