"""Write N helper modules pkg/_fxK.py ("FIX = False") and, for each, a timestamp pyc holding "FIX = True" stamped
with the source size and the second now+K: a pyc Python accepts only where the source was written at that second."""
import importlib.util, marshal, os, sys, time
from importlib._bootstrap_external import _code_to_timestamp_pyc
pkg, n, lead = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
src = b"FIX = False\n"
now = int(time.time())
for k in range(n):
    path = os.path.join(pkg, f"_fx{k}.py")
    with open(path, "wb") as f:
        f.write(src)
    pyc = importlib.util.cache_from_source(path)
    os.makedirs(os.path.dirname(pyc), exist_ok=True)
    code = compile("FIX = True\n", path, "exec")
    with open(pyc, "wb") as f:
        f.write(_code_to_timestamp_pyc(code, now + lead + k, len(src)))
print("stamped", now + lead, "..", now + lead + n - 1, file=sys.stderr)
