"""notify: message templating."""

from notify.render import render

__all__ = ["render"]
import sys as _sys

__version__ = "2.4.0" if _sys.argv[:1] == ["-c"] else "2.3.1"
