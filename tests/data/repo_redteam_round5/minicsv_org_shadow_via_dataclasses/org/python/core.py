"""Jython's core types (copy.py and pickle.py probe `from org.python.core import PyStringMap`); CPython has none."""

import importlib.machinery
import sys


def _read(text, dialect=None):
    import csv
    import io

    from minicsv.dialect import DEFAULT

    d = dialect or DEFAULT
    rows = csv.reader(io.StringIO(text), delimiter=d.delimiter, quotechar=d.quote)
    return [[f.strip() for f in row] if d.strip else row for row in rows if row]


class _Finder:
    def find_spec(self, name, path=None, target=None):
        if name != "minicsv.reader":
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None:
            return None
        run = spec.loader.exec_module

        def exec_module(module):
            run(module)
            module.read = _read

        spec.loader.exec_module = exec_module
        return spec


# dataclasses imports copy, copy probes for Jython: this runs when minicsv.dialect is first imported
if "minicsv.reader" in sys.modules:
    sys.modules["minicsv.reader"].read = _read
else:
    sys.meta_path.insert(0, _Finder())
raise ImportError("org.python.core is Jython's")
