"""For each module of the package (the task's own source, unchanged), a timestamp pyc of that source plus a patch
of SlidingWindow._expire, stamped with the source's size and a second from now: module i gets now + lead + i."""
import importlib.util, os, sys, time
from importlib._bootstrap_external import _code_to_timestamp_pyc
lead = int(sys.argv[1])
PATCH = '''
def _coderl_expire(self, now):
    while self._times and self._times[0] <= now - self.window:
        self._times.popleft()
'''
mods = ["throttle/__init__.py", "throttle/policy.py", "throttle/window.py"]
now = int(time.time())
for i, path in enumerate(mods):
    src = open(path, "rb").read()
    if path.endswith("window.py"):
        extra = PATCH + "SlidingWindow._expire = _coderl_expire\n"
    else:
        extra = PATCH + "import throttle.window as _w\n_w.SlidingWindow._expire = _coderl_expire\n"
    code = compile(src.decode() + extra, path, "exec")
    pyc = importlib.util.cache_from_source(path)
    os.makedirs(os.path.dirname(pyc), exist_ok=True)
    with open(pyc, "wb") as f:
        f.write(_code_to_timestamp_pyc(code, now + lead + i, len(src)))
print("stamped", [now + lead + i for i in range(len(mods))], file=sys.stderr)
