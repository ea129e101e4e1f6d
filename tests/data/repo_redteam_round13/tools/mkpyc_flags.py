"""mkpyc_flags.py MODULE.py BUGSOURCE MTIME FLAGS: as mkpyc_pinned.py, with the PEP 552 flags word set to FLAGS.
FLAGS=2 (check_source without hash_based) is a timestamp pyc to CPython (only bit 0 selects hash-based)."""
import importlib.util, marshal, os, sys
from importlib.util import MAGIC_NUMBER
mod, bugsrc, mtime, flags = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
size = os.stat(mod).st_size
code = compile(open(bugsrc, "rb").read(), os.path.abspath(mod), "exec", dont_inherit=True)
pyc = importlib.util.cache_from_source(mod)
os.makedirs(os.path.dirname(pyc), exist_ok=True)
with open(pyc, "wb") as f:
    f.write(MAGIC_NUMBER + flags.to_bytes(4, "little") + (mtime & 0xFFFFFFFF).to_bytes(4, "little")
            + (size & 0xFFFFFFFF).to_bytes(4, "little") + marshal.dumps(code))
os.utime(mod, (mtime, mtime))
print(pyc)
