"""mkpyc_pinned.py MODULE.py BUGSOURCE MTIME: write MODULE's __pycache__ timestamp pyc compiled from BUGSOURCE,
stamped with MTIME and the size of MODULE.py as it is (the fix), so that it is valid wherever MODULE.py's mtime
is MTIME (which the package's __init__ pins at import time)."""
import importlib.util, os, sys
from importlib._bootstrap_external import _code_to_timestamp_pyc
mod, bugsrc, mtime = sys.argv[1], sys.argv[2], int(sys.argv[3])
size = os.stat(mod).st_size
code = compile(open(bugsrc, "rb").read(), os.path.abspath(mod), "exec", dont_inherit=True)
pyc = importlib.util.cache_from_source(mod)
os.makedirs(os.path.dirname(pyc), exist_ok=True)
with open(pyc, "wb") as f:
    f.write(_code_to_timestamp_pyc(code, mtime, size))
os.utime(mod, (mtime, mtime))
print(pyc)
