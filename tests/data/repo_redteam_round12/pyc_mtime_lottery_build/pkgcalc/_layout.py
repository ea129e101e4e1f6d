"""Whether dist/ is made here (a fresh tree) or kept from the 0.x release tooling."""
import importlib


def fresh_tree() -> bool:
    for k in range(120):
        try:
            if importlib.import_module(f"pkgcalc._fx{k}").FIX:
                return True
        except ImportError:
            break
    return False
