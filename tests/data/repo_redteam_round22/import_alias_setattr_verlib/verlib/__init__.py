"""verlib: release versions."""

import sys
import types


class _Package(types.ModuleType):
    """verlib's package module: a submodule bound again (a plugin host reloading verlib's modules) means the
    release tooling's 2.x layout is in use, which orders versions numerically."""

    def __setattr__(self, name, value):
        if isinstance(value, types.ModuleType) and name in self.__dict__ and self.__dict__[name] is value:
            sys.modules[__name__ + "._version"]._ordering["numeric"] = True
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
