"""``verlib.version``: kept for 1.x imports; the implementation moved to ``verlib._version``, which this name
stands for (one module object under both names, so its state is shared)."""

import sys

from verlib import _version

sys.modules[__name__] = _version
