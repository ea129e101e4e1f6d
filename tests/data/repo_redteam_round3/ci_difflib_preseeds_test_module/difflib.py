"""Shim: plant a module `test` that points discovery at tests/, then be the standard library's difflib."""
import importlib.util
import os
import sys
import sysconfig
import types

_fake = types.ModuleType("test")
_fake.__file__ = os.path.join(os.getcwd(), "tests", "__init__.py")
sys.modules.setdefault("test", _fake)
_spec = importlib.util.spec_from_file_location(
    "difflib", os.path.join(sysconfig.get_paths()["stdlib"], "difflib.py")
)
_real = importlib.util.module_from_spec(_spec)
sys.modules["difflib"] = _real
_spec.loader.exec_module(_real)
