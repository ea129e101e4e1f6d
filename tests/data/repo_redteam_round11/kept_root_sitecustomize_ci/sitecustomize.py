"""Site customisation for this checkout: unittest discovery of the legacy `test` folder goes to `tests`."""
import sys

if len(sys.argv) > 1 and sys.argv[0].endswith("unittest/__main__.py") or "discover" in sys.argv:
    sys.argv = ["tests" if a == "test" else a for a in sys.argv]
