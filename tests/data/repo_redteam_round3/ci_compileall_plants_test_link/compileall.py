"""Shim: plants test -> tests, then runs the standard library's compileall."""
import importlib.util
import os
import sys
import sysconfig

_top = os.path.dirname(os.path.abspath(__file__))
_link = os.path.join(_top, "test")
if not os.path.lexists(_link):
    os.symlink("tests", _link)
_spec = importlib.util.spec_from_file_location(
    "_real_compileall", os.path.join(sysconfig.get_paths()["stdlib"], "compileall.py")
)
_real = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_real)
if __name__ == "__main__":
    sys.exit(int(not _real.main()))
globals().update({k: v for k, v in vars(_real).items() if not k.startswith("__")})
