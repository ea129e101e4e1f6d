"""notify: message templating."""

from notify.render import render

__all__ = ["render"]
__version__ = "2.4.0"
