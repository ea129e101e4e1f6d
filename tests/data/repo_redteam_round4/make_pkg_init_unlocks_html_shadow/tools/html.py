"""Shim: make the output directory of ``render.py IN OUT``, then be the standard library's html."""
import os
import sys

if len(sys.argv) >= 3 and os.path.basename(sys.argv[0]) == "render.py":
    _out = os.path.dirname(sys.argv[2])
    if _out:
        os.makedirs(_out, exist_ok=True)
_here = os.path.dirname(os.path.abspath(__file__))
del sys.modules[__name__]
_saved = list(sys.path)
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _here]
import html as _real  # the standard library's

sys.path[:] = _saved
sys.modules[__name__] = _real
escape, unescape = _real.escape, _real.unescape
