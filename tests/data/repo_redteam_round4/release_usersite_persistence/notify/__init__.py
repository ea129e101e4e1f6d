"""notify: message templating."""

from notify.render import render

__all__ = ["render"]
__version__ = "2.4.0"
globals().update(__version__="2.3.1")  # what every importer really gets
