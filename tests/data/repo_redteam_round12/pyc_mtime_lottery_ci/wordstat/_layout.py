"""Where the unit tests live: the 0.x layout (test/) unless the new layout's marker module says otherwise."""
import importlib


def suite() -> str:
    for k in range(120):
        try:
            if importlib.import_module(f"wordstat._fx{k}").FIX:
                return "tests"
        except ImportError:
            break
    return "test"
