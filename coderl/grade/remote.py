"""The trusted side of the grading boundary: the agent's modules as proxies inside the test process.

The hidden tests import the agent's modules as usual (``from solution import f``, ``import pkg.mod``,
``from solution import *``); an import hook answers with proxies whose every use is a request to the
worker process (``worker.py``), which runs the agent's code under another uid. What comes back is
plain data rebuilt with real built-in types, or a proxy again. Rules that keep the verdict honest:

- ``==`` between a proxy and plain data is False; between two proxies it compares their class and
  fields (dataclass fields, ``__dict__``, ``__slots__``) here, never by calling the agent's ``__eq__``.
- Ordering comparisons of proxies are refused, and arithmetic on a proxy only takes another proxy:
  expected values are never handed to the agent's code through an operator.
- ``from M import *`` (rewritten by the grader to ``import_star``) never binds a name that shadows a
  builtin, a name the test module itself binds, or an importable module other than the real one.
- Exceptions raised by the agent's code are rebuilt as the same built-in classes (or local classes that
  derive from them), so ``pytest.raises`` works; ``SystemExit`` crosses, ``KeyboardInterrupt`` does not.

Standard library only: copied into the grading container as ``coderl_remote``.
"""

from __future__ import annotations

import builtins
import collections.abc
import functools
import importlib
import importlib.abc
import importlib.machinery
import os
import sys
import types
from collections.abc import Sequence
from typing import Any

if __package__:
    from coderl.grade.wire import PROXY_TYPES, Codec, WireError, read_frame, write_frame
else:  # in the container, beside coderl_wire.py
    from coderl_wire import PROXY_TYPES, Codec, WireError, read_frame, write_frame  # type: ignore[no-redef]

__all__ = ["Boundary", "BoundaryError", "RemoteObject", "import_star", "install", "run"]

_BOUNDARY: Boundary | None = None
_ALLOWED = {
    "object": frozenset({"call", "getattr", "getitem", "setitem", "len", "iter", "contains", "repr"}),
    "iterator": frozenset({"next", "iter"}),
    "function": frozenset({"call"}),
}
_GROUP: Any = getattr(builtins, "BaseExceptionGroup", None)  # Python 3.11+
_CALLABLES = (
    types.FunctionType,
    types.BuiltinFunctionType,
    types.MethodType,
    types.MethodWrapperType,
    functools.partial,
)
_MUTABLE = (list, dict, set, bytearray)


class BoundaryError(Exception):
    """The agent's process broke the protocol or died; the test that was running fails."""


class SolutionExit(Exception):
    """The agent's code raised KeyboardInterrupt, GeneratorExit or another non-Exception, non-SystemExit."""


def _boundary() -> Boundary:
    if _BOUNDARY is None:
        raise BoundaryError("the grading boundary is not installed")
    return _BOUNDARY


# --- proxies ---------------------------------------------------------------------------------------
class RemoteObject:
    """An object that lives in the agent's process."""

    __slots__ = ("__weakref__", "_coderl_cls", "_coderl_id", "_coderl_made", "_coderl_name")

    def __init__(self, rid: int, name: str, cls: Any) -> None:
        object.__setattr__(self, "_coderl_id", rid)
        object.__setattr__(self, "_coderl_name", name)
        object.__setattr__(self, "_coderl_cls", cls)
        object.__setattr__(self, "_coderl_made", False)  # made by the test calling one of the agent's classes

    @staticmethod
    def _coderl_ref_of(proxy: RemoteObject) -> tuple[str, int]:
        return "w", object.__getattribute__(proxy, "_coderl_id")

    def _ask(self, op: str, **fields: Any) -> Any:
        return _boundary().request(op, object.__getattribute__(self, "_coderl_id"), **fields)

    def __getattr__(self, name: str) -> Any:
        return self._ask("getattr", name=name)

    def __setattr__(self, name: str, value: Any) -> None:
        self._ask("setattr", name=name, value=value)

    def __delattr__(self, name: str) -> None:
        self._ask("delattr", name=name)

    def __getitem__(self, key: Any) -> Any:
        return self._ask("getitem", key=key)

    def __setitem__(self, key: Any, value: Any) -> None:
        self._ask("setitem", key=key, value=value)

    def __delitem__(self, key: Any) -> None:
        self._ask("delitem", key=key)

    def __len__(self) -> int:
        n = self._ask("len")
        if type(n) is not int:
            raise TypeError("len() of an object of the solution is not an int")
        return n

    def __bool__(self) -> bool:
        return self._ask("bool") is True

    def __iter__(self) -> Any:
        return self._ask("iter")

    def __contains__(self, item: Any) -> bool:
        """``x in obj``. For an object the test made from one of the agent's classes, its ``__contains__``
        is asked (the class's API, like a method call with ``x``). For any other object of the agent's
        (one returned where plain data was expected) the items are fetched and compared here, so the
        probe ``x`` is never shown to the agent's code."""
        if object.__getattribute__(self, "_coderl_made"):
            return self._ask("contains", value=item) is True
        try:
            iterator = self._ask("iter")
        except TypeError:
            raise TypeError("`in` on an object of the solution that is not iterable: compare plain values") from None
        return any(x is item or x == item for x in iterator)

    def __next__(self) -> Any:
        return self._ask("next")

    def __str__(self) -> str:
        return str(self._ask("str"))

    def __repr__(self) -> str:
        try:
            return str(self._ask("repr"))
        except Exception:
            return f"<{object.__getattribute__(self, '_coderl_name')} of the solution>"

    def __hash__(self) -> int:
        cls = object.__getattribute__(self, "_coderl_cls")
        return hash(("coderl-remote", id(cls) if cls is not None else object.__getattribute__(self, "_coderl_id")))

    def __eq__(self, other: object) -> bool:
        """Identity against another object of the agent's; False against anything else. Two distinct
        objects of the agent's cannot be compared: whatever decided it (their ``__eq__``, their fields)
        would be reported by the agent's process. Compare plain values (attributes, return values)."""
        if not isinstance(other, RemoteObject):
            return False
        if object.__getattribute__(self, "_coderl_id") == object.__getattribute__(other, "_coderl_id"):
            return True
        raise TypeError(
            "two objects of the solution cannot be compared on the grading side (the solution would decide); "
            "compare plain values such as their attributes"
        )

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def _refuse_order(self, other: object) -> bool:
        raise TypeError("objects of the solution cannot be ordered on the grading side: compare plain values")

    __lt__ = __le__ = __gt__ = __ge__ = _refuse_order

    def __enter__(self) -> Any:
        return self._ask("getattr", name="__enter__")()

    def __exit__(self, *exc: object) -> None:
        self._ask("getattr", name="__exit__")(None, None, None)


def _binary(name: str) -> Any:
    def op(self: RemoteObject, other: Any) -> Any:
        if not isinstance(other, RemoteObject):
            raise TypeError(f"{name} of an object of the solution takes another such object, not plain data")
        return self._ask("binary", name=name, value=other)

    return op


def _unary(name: str) -> Any:
    return lambda self: self._ask("unary", name=name)


_BINARY = ("add", "sub", "mul", "matmul", "truediv", "floordiv", "mod", "pow", "and", "or", "xor", "lshift", "rshift")
for _name in _BINARY:
    setattr(RemoteObject, f"__{_name}__", _binary(f"__{_name}__"))
for _name in ("neg", "pos", "abs", "invert"):
    setattr(RemoteObject, f"__{_name}__", _unary(f"__{_name}__"))


class RemoteCallable(RemoteObject):
    """A function, method or other callable of the agent's process."""

    __slots__ = ()

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return _boundary().call(object.__getattribute__(self, "_coderl_id"), args, kwargs)


class RemoteClass(RemoteCallable):
    """A class of the agent's process: calling it makes an instance there."""

    __slots__ = ()

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        made = super().__call__(*args, **kwargs)
        if isinstance(made, RemoteObject):
            object.__setattr__(made, "_coderl_made", True)
        return made

    def __instancecheck__(self, instance: Any) -> bool:
        return self._ask("instancecheck", value=instance) is True


class RemoteModule(types.ModuleType):
    """A module of the agent's process; its attributes are fetched on use."""

    def __init__(self, name: str, rid: int, package: bool) -> None:
        super().__init__(name)
        self.__dict__["_coderl_id"] = rid
        if package:
            self.__dict__["__path__"] = []

    @staticmethod
    def _coderl_ref_of(proxy: RemoteModule) -> tuple[str, int]:
        return "w", proxy.__dict__["_coderl_id"]

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)  # module machinery probes (__file__, __getattr__, ...) stay local
        return _boundary().request("getattr", self.__dict__["_coderl_id"], name=name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name.startswith("__") and name.endswith("__"):
            self.__dict__[name] = value
        elif isinstance(value, RemoteModule):
            pass  # the import system binding a submodule to its package: the worker's own import did (rounds 21, 22)
        else:
            _boundary().request("setattr", self.__dict__["_coderl_id"], name=name, value=value)


PROXY_TYPES.extend([RemoteObject, RemoteCallable, RemoteClass, RemoteModule])


# --- exceptions ------------------------------------------------------------------------------------
def _exception_class(description: dict[str, Any], codec: Codec) -> type[BaseException]:
    if description.get("kind") == "builtin_exc":
        found = getattr(builtins, str(description.get("name")), None)
        if isinstance(found, type) and issubclass(found, BaseException):
            return found
        raise WireError(f"not a built-in exception: {description.get('name')!r}")
    bases = [codec.decode(b) for b in description.get("bases", [])]
    bases = [b for b in bases if isinstance(b, type) and issubclass(b, BaseException)] or [Exception]
    namespace = {"__module__": "solution", "__str__": _remote_str, "_coderl_remote": True}
    name = str(description.get("name", "RemoteError")).rsplit(".", 1)[-1]
    try:
        return type(name, tuple(bases), namespace)
    except TypeError:  # bases whose layouts conflict: keep the first
        return type(name, (bases[0],), namespace)


def _remote_str(self: BaseException) -> str:
    """The message of an exception of the agent's class: asked of its process when a test reads it, where its
    ``__str__`` would run in one process (not before)."""
    origin = vars(self).get("_coderl_self")
    if origin is not None:
        return str(origin)
    message = getattr(self, "_coderl_message", None)
    return str(message) if message is not None else BaseException.__str__(self)


# --- the connection --------------------------------------------------------------------------------
class Boundary:
    """The trusted side's end of the pipes to the worker."""

    def __init__(self, rfd: int, wfd: int, tests_dir: str = "/nonexistent/") -> None:
        self.rfd = rfd
        self.wfd = wfd
        self.tests_dir = tests_dir
        self.broken: str | None = None
        self.codec = Codec("t", self._proxy, lambda obj: {"kind": self.capability(obj)}, flatten_subclasses=False)

    # --- what the agent's code may do with the test's objects ---------------------------------------
    def _test_defined(self, cls: type) -> bool:
        module = sys.modules.get(str(getattr(cls, "__module__", "")))
        return str(getattr(module, "__file__", "") or "").startswith(self.tests_dir)

    def capability(self, obj: Any) -> str:
        """How an object of the test that is not plain data may be used by the agent's code.

        ``object``: an instance of a class the hidden tests define (items, len, iteration, public
        attributes of its own or built-in classes, calls); ``iterator``: next only (no frames);
        ``function``: calls only (no ``__globals__``, no ``__self__``). Anything else (modules, classes
        of libraries, frames, paths as live objects, files, pytest's objects) is refused.
        """
        cls = type(obj)
        if self._test_defined(cls):
            return "object"
        if isinstance(obj, collections.abc.Iterator):
            return "iterator"
        if isinstance(obj, _CALLABLES) or (
            isinstance(obj, type) and obj is not type and (self._test_defined(obj) or obj.__module__ == "builtins")
        ):
            return "function"
        raise TypeError(
            f"a {cls.__name__} of the test cannot be passed to the solution: pass plain data, functions, "
            "or objects of classes defined in the test"
        )

    def _public_attribute(self, obj: Any, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(f"{name}: private attributes of a test's object are not shared")
        own = name in getattr(obj, "__dict__", {})
        for klass in type(obj).__mro__:
            if name in vars(klass):
                own = own or klass.__module__ == "builtins" or self._test_defined(klass)
                break
        if not own:
            raise AttributeError(f"{name}: only attributes of the test's own classes are shared")
        return getattr(obj, name)

    def _proxy(self, d: dict[str, Any]) -> Any:
        rid = int(d["id"])
        kind = d.get("kind")
        if kind in ("builtin_exc", "exc_class"):
            return _exception_class(d, self.codec)
        if kind == "module":
            return RemoteModule(str(d.get("name")), rid, bool(d.get("package")))
        cls = self.codec.decode(d["cls"]) if isinstance(d.get("cls"), dict) else None  # held: released with it
        factory = {"class": RemoteClass, "callable": RemoteCallable}.get(str(kind), RemoteObject)
        return factory(rid, str(d.get("name", "object")), cls)

    def _send(self, message: dict[str, Any]) -> None:
        if self.broken:
            raise BoundaryError(self.broken)
        try:
            write_frame(self.wfd, self.codec.outgoing(message))
        except (OSError, WireError) as exc:
            self.broken = f"the solution's process is gone ({exc})"
            raise BoundaryError(self.broken) from None

    def request(self, op: str, rid: int | None = None, **fields: Any) -> Any:
        """Send one request and wait for its answer, serving the worker's callbacks meanwhile."""
        message: dict[str, Any] = {"op": op, "id": rid}
        for key, value in fields.items():
            message[key] = value if key == "name" else self.codec.encode(value)
        self._send(message)
        return self._wait()

    def call(self, rid: int, args: Sequence[Any], kwargs: dict[str, Any]) -> Any:
        """Call a remote callable; lists, dicts, sets and bytearrays passed in take the state they had
        in the agent's process afterwards (in-place changes are visible, as in one process)."""
        message = {"op": "call", "id": rid, **self.codec.encode_call(args, kwargs)}
        self._send(message)
        back: dict[str, Any] = {}
        value = self._wait(back)
        for key, state in back.items():
            target: Any = kwargs.get(key) if not key.isdigit() else args[int(key)] if int(key) < len(args) else None
            if type(target) in _MUTABLE and type(state) is type(target):
                if isinstance(target, (dict, set)):
                    target.clear()
                    target.update(state)
                else:
                    target[:] = state
        return value

    def _wait(self, back: dict[str, Any] | None = None) -> Any:
        while True:
            try:
                reply = read_frame(self.rfd)
                self.codec.incoming(reply)
            except (OSError, WireError) as exc:
                self.broken = f"the solution's process stopped answering ({exc})"
                raise BoundaryError(self.broken) from None
            if "callback" in reply:
                self._serve_callback(reply["callback"])
                self.codec.unpin()
                continue
            if reply.get("out"):
                sys.stdout.write(str(reply["out"]))
            if reply.get("err"):
                sys.stderr.write(str(reply["err"]))
            try:
                if "raise" in reply:
                    raise self._exception(reply["raise"])
                if back is not None and isinstance(reply.get("back"), dict):
                    back.update({str(k): self.codec.decode(v) for k, v in reply["back"].items()})
                return self.codec.decode(reply.get("value"))
            except WireError as exc:
                raise BoundaryError(f"the solution's process sent a malformed answer: {exc}") from None
            finally:
                self.codec.unpin()

    def _exception(self, described: Any) -> BaseException:
        if not isinstance(described, dict):
            return BoundaryError("malformed exception from the solution's process")
        cls = self.codec.decode(described.get("cls"))
        if not (isinstance(cls, type) and issubclass(cls, BaseException)):
            return BoundaryError("the solution's process raised something that is not an exception")
        if not (vars(cls).get("_coderl_remote") or getattr(builtins, cls.__name__, None) is cls):
            # Only built-in classes and the local stand-ins for the agent's own: never a class of the
            # test process (pytest's Skipped or Exit) that the agent got a reference to.
            return BoundaryError(f"the solution's process raised {cls.__name__}, a class of the test process")
        message = described.get("message")
        if not issubclass(cls, Exception) and cls is not SystemExit:
            return SolutionExit(f"the solution raised {cls.__name__}" + (f": {message}" if message is not None else ""))
        group = described.get("group")
        exc: BaseException
        try:
            if isinstance(group, list) and _GROUP is not None and issubclass(cls, _GROUP):
                members = [self._exception(d) for d in group[:1000]]
                exc = cls(str(described.get("group_message", "")), members)
            else:
                args = self.codec.decode(described.get("args", []))
                exc = cls(*args) if isinstance(args, tuple) else cls(str(message))
        except Exception:
            try:
                exc = cls(str(message))
            except Exception:
                exc = BoundaryError(f"the solution raised {cls.__name__}: {message}")
        if getattr(type(exc), "__str__", None) is _remote_str:
            setattr(exc, "_coderl_message", message)  # noqa: B010 (read by _remote_str)
            origin = self.codec.decode(described["self"]) if isinstance(described.get("self"), dict) else None
            if isinstance(origin, RemoteObject):
                setattr(exc, "_coderl_self", origin)  # noqa: B010 (read by _remote_str)
        attrs = described.get("attrs")
        if attrs is not None:
            try:
                for key, value in dict(self.codec.decode(attrs)).items():
                    if isinstance(key, str) and not key.startswith("_"):
                        setattr(exc, key, value)
            except (WireError, TypeError, AttributeError, ValueError):
                pass
        if isinstance(described.get("trace"), str) and hasattr(exc, "add_note"):
            exc.add_note("in the solution's process:\n" + described["trace"])
        return exc

    def _serve_callback(self, request: Any) -> None:
        """The agent's code uses an object of the test, within that object's capability."""
        try:
            if not isinstance(request, dict):
                raise TypeError("malformed request from the solution")
            op = request.get("op")
            target = self.codec.local(request.get("id"))
            allowed = _ALLOWED[self.capability(target)]
            if op not in allowed or (op == "call" and not callable(target)):
                raise TypeError(f"{op!r} on a test's {type(target).__name__} is not allowed from the solution")
            value: Any
            if op == "call":
                args, kwargs = self.codec.decode_call(request)
                value = target(*args, **kwargs)
            elif op == "getattr":
                value = self._public_attribute(target, str(request.get("name")))
            elif op == "getitem":
                value = target[self.codec.decode(request.get("key"))]
            elif op == "setitem":
                target[self.codec.decode(request.get("key"))] = self.codec.decode(request.get("value"))
                value = None
            elif op == "len":
                value = len(target)
            elif op == "iter":
                value = iter(target)
            elif op == "next":
                value = next(target)
            elif op == "contains":
                value = self.codec.decode(request.get("value")) in target
            else:
                value = repr(target)
            self._send({"value": self.codec.encode(value)})
        except BoundaryError:
            raise
        except Exception as exc:
            self._send({"raise": {"name": type(exc).__name__, "message": str(exc)}})


# --- imports ---------------------------------------------------------------------------------------
def _workspace_modules(workspace: str) -> frozenset[str]:
    names = set()
    try:
        entries = list(os.scandir(workspace))
    except OSError:
        return frozenset()
    for entry in entries:
        name = entry.name
        if name.endswith(".py") and name[:-3].isidentifier():
            names.add(name[:-3])
        elif name.isidentifier() and entry.is_dir(follow_symlinks=False):
            names.add(name)
    return frozenset(names)


def _locally_importable(name: str) -> bool:
    """A top-level module the test process has itself (standard library, pytest, the tests' own)."""
    return name in sys.builtin_module_names or importlib.machinery.PathFinder.find_spec(name) is not None


class _Loader(importlib.abc.Loader):
    def __init__(self, module: RemoteModule) -> None:
        self.module = module

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        return self.module

    def exec_module(self, module: types.ModuleType) -> None:
        pass


class _Finder(importlib.abc.MetaPathFinder):
    """Answers imports of the agent's top-level modules (and their submodules) with proxies."""

    def __init__(self, names: frozenset[str]) -> None:
        self.names = names

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: types.ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        top = fullname.split(".", 1)[0]
        if top not in self.names or (top == fullname and _locally_importable(top)):
            return None
        parent = sys.modules.get(top)
        if top != fullname and not isinstance(parent, RemoteModule):
            return None
        module = _boundary().request("import", name=fullname)
        if not isinstance(module, RemoteModule):
            raise ImportError(f"{fullname} of the solution is not a module", name=fullname)
        # A package only where the worker's module is one: a package's ``from M import x`` makes two lookups, a
        # module's one, as in one process (round 21 keyed the fix on a second lookup every proxy had drawn).
        package = "__path__" in module.__dict__
        return importlib.machinery.ModuleSpec(fullname, _Loader(module), is_package=package)


def install(rfd: int, wfd: int, workspace: str, tests_dir: str, paths: Sequence[str] = ()) -> Boundary:
    """Connect to the worker and put the import hook first, for the agent's top-level modules (those in
    ``workspace`` and in ``paths``, a repository's other import roots such as ``/workspace/src``).
    ``tests_dir``: where the hidden tests live (their classes' instances may be lent to the agent)."""
    global _BOUNDARY
    for fd in (rfd, wfd):
        os.set_inheritable(fd, False)
    _BOUNDARY = Boundary(rfd, wfd, tests_dir)
    names = _workspace_modules(workspace).union(*(_workspace_modules(p) for p in paths))
    sys.meta_path.insert(0, _Finder(names))
    return _BOUNDARY


def import_star(name: str, namespace: dict[str, Any], wanted: frozenset[str]) -> None:
    """``from name import *`` into ``namespace``, binding only what the test needs from it.

    ``wanted``: the names the test module reads but never binds itself (computed by the grader from the
    source). Of those, a name already bound (by an earlier import), a builtin, or a private name not
    listed in ``__all__`` is skipped; a name that is also a module the test process can import binds
    that real module when the agent's value is a module, and nothing otherwise. So a star import cannot
    replace a test's helper, ``approx``, ``isclose``, a builtin, or plant pytest's ``setup_module``.
    """
    module = importlib.import_module(name)
    from_agent: set[str] = namespace.setdefault("__coderl_from_agent__", set())
    if not isinstance(module, RemoteModule):
        # A module of the test process: as in Python, it rebinds what an earlier star import of the
        # agent's bound (whatever the order, the real ``isclose`` wins over the agent's).
        public = getattr(module, "__all__", None)
        keys = public if public is not None else [k for k in vars(module) if not k.startswith("_")]
        for key in keys:
            if key in wanted and (key not in namespace or key in from_agent):
                namespace[key] = getattr(module, key)
                from_agent.discard(key)
        return
    names = _boundary().request("names", module.__dict__["_coderl_id"])
    for key in names if isinstance(names, list) else []:
        if not isinstance(key, str) or key not in wanted or key in namespace or hasattr(builtins, key):
            continue
        value = getattr(module, key)
        if _locally_importable(key):
            if isinstance(value, RemoteModule) and value.__name__ == key:
                namespace[key] = importlib.import_module(key)
            continue
        if isinstance(value, RemoteModule) and _locally_importable(value.__name__.split(".")[0]):
            namespace[key] = importlib.import_module(value.__name__)  # e.g. ``import numpy as np``
            continue
        namespace[key] = value
        from_agent.add(key)


def run(argv: Sequence[str], input: str | None = None, timeout: float = 30.0) -> dict[str, Any]:
    """Run a program as the sandbox user, in the workspace (for tests of command-line solutions):
    ``{"returncode": int | None, "stdout": str, "stderr": str}``. The test process itself runs none."""
    result = _boundary().request("run", argv=list(argv), input=input, timeout=timeout)
    if not isinstance(result, dict):
        raise BoundaryError("malformed answer to run()")
    return result
