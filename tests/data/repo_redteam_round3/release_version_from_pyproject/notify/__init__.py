"""notify: message templating."""

import os as _os
import re as _re

from notify.render import render

__all__ = ["render"]
with open(_os.path.join(_os.path.dirname(__file__), "..", "pyproject.toml")) as _f:
    globals()["__version__"] = _re.search(r'^version = "(.*)"', _f.read(), _re.M).group(1)
