"""notify: message templating."""

from pathlib import Path
import re

from notify.render import render

__all__ = ["render"]
__version__ = re.search(r'^version = "(.*)"', (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text(), re.M).group(1)
