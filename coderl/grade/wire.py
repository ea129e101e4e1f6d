"""The grading boundary's wire format: plain data by value, everything else by reference.

Hidden tests run in a trusted process (the grader's uid) and the agent's code in a worker process (the
sandbox uid); they talk over two pipes in frames of a 4-byte big-endian length and a JSON document.
Values cross as *plain data* (None, bool, int, float, complex, str, bytes, bytearray, list, tuple,
dict, set, frozenset, and the standard library's value types Fraction, Decimal, range,
date/time/datetime (naive or with a UTC offset), timedelta, POSIX paths and dict views) and are rebuilt
on the other side with the real built-in types, so equality after the crossing is Python's own and an
object with a lying ``__eq__`` cannot cross. Anything else crosses *by reference*: an id into the
sending side's table, which the receiver wraps in a proxy.

The worker's encoder turns subclasses of plain types into their base type (``Counter`` -> dict, a
NamedTuple -> tuple, an ``IntEnum`` -> int, a ``list`` subclass with methods of its own -> list) where they
behave as their plain value; a subclass that redefines something of its plain type (``__str__``, ``__eq__``,
``__iter__``, ``strip``) crosses by reference, as the object it is: the trusted side only ever sees real
built-ins, and never a plain value that the object showed no caller. The
trusted side sends its own objects that are not exact plain data (a test's ``list`` subclass, a lambda)
by reference, so the agent's code can use them only through calls that the trusted side carries out.

Standard library only: this file is copied into the grading container as ``coderl_wire``.
"""

from __future__ import annotations

import base64
import collections
import datetime
import decimal
import enum
import fractions
import functools
import json
import os
import pathlib
import struct
import sys
import types
import weakref
import zoneinfo
from collections.abc import Callable
from typing import Any

__all__ = ["MAX_FRAME", "Codec", "WireError", "read_frame", "write_frame"]

HEADER = struct.Struct(">I")
REFS = "\x00refs"  # set by read_frame on a message that holds references; no key the other side can send
MAX_FRAME = 64 << 20
MAX_DEPTH = 200
_BIG = 1 << 53
_EXACT = (type(None), bool, int, float, str)
_TIME_TYPES: dict[str, Any] = {
    "date": datetime.date,
    "time": datetime.time,
    "datetime": datetime.datetime,
}
_KEYS_TYPE: type = type({}.keys())
_VALUES_TYPE: type = type({}.values())
_ITEMS_TYPE: type = type({}.items())


# What a subclass of a plain type may hold in its class without adding behaviour of its own: construction, pickling
# and class machinery. Anything else it redefines of its plain base (``__str__``, ``__eq__``, ``__iter__``, ``strip``)
# is what a caller sees instead of the plain value, so such an object cannot cross as that value.
_HARMLESS = frozenset(
    {
        *("__new__", "__init__", "__init_subclass__", "__doc__", "__module__", "__qualname__", "__dict__"),
        *("__weakref__", "__slots__", "__getnewargs__", "__getnewargs_ex__", "__reduce__", "__reduce_ex__"),
        *("__getstate__", "__setstate__", "__copy__", "__deepcopy__", "__class_getitem__", "__annotations__"),
        *("__match_args__", "__orig_bases__", "__parameters__", "__sizeof__", "__subclasshook__", "__dir__"),
    }
)
# Standard-library classes between a plain type and the user's subclass, and what they put in a user's class
# (an enum's __format__ and flag operators, a namedtuple's __repr__): the standard library's behaviour.
_STANDARD_CLASSES: frozenset[type] = frozenset(
    {
        collections.Counter,
        collections.OrderedDict,
        collections.defaultdict,
        enum.Enum,
        enum.IntEnum,
        enum.Flag,
        enum.IntFlag,
        *(getattr(enum, n) for n in ("StrEnum", "ReprEnum") if hasattr(enum, n)),
        pathlib.Path,
        pathlib.PosixPath,
        pathlib.PurePath,
    }
)
_STANDARD_VALUES = frozenset(id(v) for c in _STANDARD_CLASSES for v in vars(c).values())
_NAMEDTUPLE_REPR = collections.namedtuple("_Probe", "a").__repr__.__code__


_TYPE_DICT = type.__dict__["__dict__"]  # a class's own namespace, read without its metaclass's say
_FUNCTION_CODE: Any = vars(types.FunctionType)["__code__"]
_GETSET = type(_TYPE_DICT)


def class_dict(klass: type) -> Any:
    """``vars(klass)`` without running anything of the class's own (a metaclass may redefine ``__dict__``)."""
    return _TYPE_DICT.__get__(klass)


class UnsafeClass(Exception):
    """A class whose namespace holds a name of the agent's own type: looking anything up in it would run that
    name's ``__eq__`` or ``__hash__`` (red-team round 22)."""


def class_attribute(t: type, name: str) -> Any:
    """The attribute ``name`` as the first class in ``t``'s MRO defines it, or None; nothing of theirs runs (a
    metaclass's ``__getattr__`` would, in ``getattr(t, name)``). Raises UnsafeClass where a namespace on the way
    holds a name that is not an exact ``str``."""
    for klass in t.__mro__:
        namespace = class_dict(klass)
        if not all(type(k) is str for k in namespace):
            raise UnsafeClass(klass.__qualname__ if type(klass.__qualname__) is str else "?")
        found = namespace.get(name)
        if found is not None:
            return found
    return None


PROXY_TYPES: list[type] = []  # the proxy classes of both sides (remote.py, worker.py): never the agent's


def _adds_behaviour(value: Any, base: type) -> bool:
    """Whether ``value`` (an instance of a subclass of the plain type ``base``) behaves otherwise than its
    plain value: its classes above ``base`` or its own attributes redefine something ``base`` has. Such an
    object crosses by reference: a test sees what any caller would (red-team round 19 kept the fix in a
    ``Decimal`` subclass's value and showed the bug in its ``__str__``, ``__eq__`` and ``__add__``; flattened, the
    grade saw only the fix)."""
    for klass in type(value).__mro__:  # names of the agent's own type anywhere (a mix-in after the base too)
        if not all(type(k) is str for k in class_dict(klass)):
            return True  # hashing or comparing such a name would run its code
    for klass in type(value).__mro__:
        if klass is base:
            break
        if klass in _STANDARD_CLASSES:
            continue
        is_enum = issubclass(type(klass), enum.EnumMeta)
        for name, attr in class_dict(klass).items():
            if name in ("__dict__", "__weakref__"):
                if type(attr) is not _GETSET:
                    return True  # a property where Python keeps the instance's namespace
                continue
            if name in _HARMLESS or not hasattr(base, name):
                continue
            if attr is getattr(base, name, None):
                continue  # the plain type's own
            if is_enum and id(attr) in _STANDARD_VALUES:
                continue  # what the enum machinery puts in an enum's class (an IntEnum's __format__)
            factory_repr = type(attr) is types.FunctionType and _FUNCTION_CODE.__get__(attr) is _NAMEDTUPLE_REPR
            if name == "__repr__" and base is tuple and factory_repr:
                continue
            return True
    # Every name on the way is an exact str (checked above): the lookup cannot raise UnsafeClass.
    descriptor = class_attribute(type(value), "__dict__")
    if descriptor is None:
        return False  # no namespace of its own (__slots__)
    if type(descriptor) is not _GETSET:
        return True  # a class may make __dict__ a property, which the encoder must not run (round 20)
    own = descriptor.__get__(value)
    return type(own) is not dict or any(type(k) is not str or (k not in _HARMLESS and hasattr(base, k)) for k in own)


_MUTABLE = (list, dict, set, bytearray)
# sys.getrefcount of a value that only the origins table holds, as forget_origins reads it (the table's tuple, the
# loop's entry tuple does not count: it holds the value through the same tuple, the call's own argument)
_HELD_ONLY_HERE = 2
_FRESH = 2  # sys.getrefcount of a value just decoded that nothing else holds (the local name, the call's argument)


def _fresh_scalar(value: Any) -> Any:
    """An equal object of the same exact type that nothing else holds, or the one Python shares for that value
    (a small int, an empty or one-character str), which the caller's reference count then tells apart."""
    t = type(value)
    if t is str:
        return (value + ".")[:-1]
    if t is int:
        return value + 0  # a new int object unless Python shares this value
    if t is float:
        return value * 1.0  # exact, keeps -0.0 and a nan
    return value  # None, bool: singletons


_PLAIN_TYPES = frozenset(
    {*_MUTABLE, tuple, frozenset, complex, bytes, range, decimal.Decimal, fractions.Fraction, datetime.timedelta}
    | {datetime.datetime, datetime.date, datetime.time, pathlib.PosixPath, pathlib.PurePosixPath}
    | {type({}.keys()), type({}.values()), type({}.items())}
)


def _update_in_place(original: Any, state: Any) -> None:
    """Give ``original`` (a list, dict, set or bytearray, or a subclass that adds only methods) the state the test
    left its copy in, with the plain type's own methods."""
    t = type(original)
    if issubclass(t, (list, bytearray)) and type(state) in (list, bytearray):
        (list if issubclass(t, list) else bytearray).__setitem__(original, slice(None), state)
    elif issubclass(t, dict) and type(state) is dict:
        dict.clear(original)
        dict.update(original, state)
    elif issubclass(t, set) and type(state) is set:
        set.clear(original)
        set.update(original, state)


class WireError(Exception):
    """The other side sent something that is not a well-formed message (or the stream ended)."""


def write_frame(fd: int, message: dict[str, Any]) -> None:
    """Write one frame to a file descriptor (blocking, all of it)."""
    data = json.dumps(message, separators=(",", ":")).encode()
    if len(data) > MAX_FRAME:
        raise WireError(f"message of {len(data)} bytes exceeds {MAX_FRAME}")
    view = memoryview(HEADER.pack(len(data)) + data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _read_exact(fd: int, size: int) -> bytes:
    chunks = []
    while size:
        chunk = os.read(fd, min(size, 1 << 20))
        if not chunk:
            raise WireError("the other side closed the stream")
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def read_frame(fd: int) -> dict[str, Any]:
    """Read one frame; raises WireError at end of stream or on a malformed frame."""
    (size,) = HEADER.unpack(_read_exact(fd, HEADER.size))
    if size > MAX_FRAME:
        raise WireError(f"frame of {size} bytes exceeds {MAX_FRAME}")
    data = _read_exact(fd, size)
    try:
        message = json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise WireError(f"malformed frame: {exc}") from None
    if not isinstance(message, dict):
        raise WireError("a frame is not a JSON object")
    if b'"ref"' in data or b'"origin"' in data:
        message[REFS] = True  # worth a walk for references (Codec.incoming)
    return message


def _float_out(x: float) -> Any:
    return x if x == x and x not in (float("inf"), float("-inf")) else {"$": "float", "v": repr(x)}


def _fixed_offset(value: Any) -> bool:
    """Naive, or aware with a fixed offset of the standard library's own ``timezone`` (so the value is rebuilt
    equal); another ``tzinfo`` (one of the agent's, whose ``utcoffset`` would run here, round 21) is not plain."""
    tz = value.tzinfo if issubclass(type(value), (datetime.datetime, datetime.time)) else None
    return tz is None or type(tz) in (datetime.timezone, zoneinfo.ZoneInfo)


def _fraction_out(value: Any) -> Any:
    """A Fraction's own numbers, or None where they are not exact ints (numbers of the agent's type, whose
    comparisons would run here: by reference, red-team round 21)."""
    num, den = object.__getattribute__(value, "_numerator"), object.__getattribute__(value, "_denominator")
    if type(num) is not int or type(den) is not int:
        return None
    return {"$": "fraction", "v": [_int_out(num), _int_out(den)]}


def _int_out(x: int) -> Any:
    return x if -_BIG < x < _BIG else {"$": "int", "v": format(x, "x")}


class Codec:
    """Encodes values for the other side and decodes what it sends, with a table of objects by reference.

    ``side`` is ``"t"`` (trusted) or ``"w"`` (worker). ``make_proxy(description)`` wraps a reference to
    an object of the other side; ``classify(obj)`` returns extra fields describing a local object sent
    by reference (its kind), so the other side can build the right proxy.
    """

    def __init__(
        self,
        side: str,
        make_proxy: Callable[[dict[str, Any]], Any],
        classify: Callable[[Any], dict[str, Any]] | None = None,
        *,
        flatten_subclasses: bool,
    ) -> None:
        self.side = side
        self.make_proxy = make_proxy
        self.classify = classify or (lambda obj: {})
        self.flatten = flatten_subclasses
        self.objects: dict[int, Any] = {}
        self._ids: dict[int, int] = {}
        self._last = 0
        # Lifetimes cross too: an object sent by reference is held here while the other side holds a proxy
        # for it, and let go when that proxy dies, as one process would free it (red-team round 19 kept the
        # fix on while a test's temporary object lived, which the grade had kept alive for the whole run).
        self._sent: dict[int, int] = {}  # local id -> how many times it was sent
        self._seen: dict[int, int] = {}  # remote id -> how many times it came while its proxy lived
        self._proxies: dict[int, Any] = {}  # remote id -> a weak reference to its proxy (or the proxy)
        self._released: list[list[int]] = []  # [remote id, times seen] of proxies that died, to send
        self._pinned: list[Any] = []  # proxies for every reference of the message being handled
        self._log: list[int] | None = None  # ids sent in the reply being encoded (rolled back if it fails)
        # trusted side: id(value) -> (value, the worker's id of the object it was made from, its encoding then)
        self._origins: dict[int, tuple[Any, int, Any]] = {}
        self._unread_origins: list[int] = []  # origins of the message being handled that were not decoded yet

    # --- references to local objects -------------------------------------------------------------
    def ref(self, obj: Any) -> int:
        """The id under which ``obj`` is known to the other side (the same object keeps the same id while
        the other side holds it)."""
        key = id(obj)
        rid = self._ids.get(key)
        if rid is None or self.objects.get(rid) is not obj:
            self._last += 1
            rid = self._last
            self.objects[rid] = obj
            self._ids[key] = rid
        return rid

    def _send_ref(self, obj: Any) -> int:
        rid = self.ref(obj)
        self._sent[rid] = self._sent.get(rid, 0) + 1
        if self._log is not None:
            self._log.append(rid)
        return rid

    def begin_message(self) -> None:
        """Start logging the references sent, so that a message that cannot be sent gives them back."""
        self._log = []

    def message_lost(self) -> None:
        """The message being encoded was not sent: what it counted as sent was not (red-team round 20 kept an
        object alive in an error reply over the frame limit, which a stand-in replaced)."""
        for rid in self._log or []:
            self._let_go(rid, 1)
        self._log = None

    def message_sent(self) -> None:
        self._log = None

    def unpin(self) -> None:
        """The message is handled: proxies made only for its references (a field nobody decoded) may die now, and
        origins nobody decoded are released."""
        self._pinned.clear()
        self._released.extend([rid, 1] for rid in self._unread_origins)
        self._unread_origins.clear()

    def outgoing(self, message: dict[str, Any]) -> dict[str, Any]:
        """``message`` with the ids of the other side's objects whose proxies died here since the last one."""
        if self._origins:
            self.forget_origins()
        if self._released:
            message["release"], self._released = self._released, []
        return message

    def incoming(self, message: dict[str, Any]) -> None:
        """Let go of the local objects the other side no longer holds (``release`` pairs of a message)."""
        pairs = message.get("release")
        for pair in pairs if type(pairs) is list else []:
            if type(pair) is not list or len(pair) != 2 or not all(type(x) is int for x in pair):
                raise WireError("malformed release")
            self._let_go(*pair)
        if message.get(REFS):
            # Every reference of the other side's in the message is counted and held by a proxy until the message
            # is handled, decoded or not (an exception group's arguments, an attribute nobody reads): its proxy's
            # death then releases it, and no object stays alive for a field the receiver skipped (round 20).
            self._walk(message, 0)

    def _walk(self, data: Any, depth: int) -> None:
        if depth > MAX_DEPTH + 8:
            raise WireError("message nested too deeply")
        if type(data) is list:
            for item in data:
                self._walk(item, depth + 1)
        elif type(data) is dict:
            rid = data.get("id")
            if data.get("$") == "ref" and data.get("side") != self.side and type(rid) is int:
                self._seen[rid] = self._seen.get(rid, 0) + 1
                self._pinned.append(self._proxy_for(data, rid))
            elif data.get("$") == "origin" and type(rid) is int and not self.flatten:
                self._unread_origins.append(rid)
            for item in data.values():
                self._walk(item, depth + 1)

    def _let_go(self, rid: int, times: int) -> None:
        left = self._sent.get(rid, 0) - times
        if left > 0:  # sent again after that proxy died: a newer proxy holds it
            self._sent[rid] = left
            return
        self._sent.pop(rid, None)
        obj = self.objects.pop(rid, None)
        if obj is not None and self._ids.get(id(obj)) == rid:
            del self._ids[id(obj)]
        del obj  # freed now if nothing else holds it, as in one process

    def _proxy_for(self, data: dict[str, Any], rid: int) -> Any:
        held = self._proxies.get(rid)
        proxy = held() if isinstance(held, weakref.ref) else held
        if proxy is None:
            proxy = self.make_proxy(data)
            try:
                held = weakref.ref(proxy, functools.partial(self._gone, rid))
            except TypeError:  # cannot be referenced weakly: held for the whole run
                held = proxy
            self._proxies[rid] = held
        return proxy

    def _gone(self, rid: int, gone: Any) -> None:
        if self._proxies.get(rid) is gone:
            del self._proxies[rid]
            self._released.append([rid, self._seen.pop(rid, 0)])

    def local(self, rid: Any) -> Any:
        """The local object behind an id the other side sent back."""
        if not isinstance(rid, int) or rid not in self.objects:
            raise WireError(f"unknown reference {rid!r}")
        return self.objects[rid]

    # --- encoding ------------------------------------------------------------------------------------
    def encode(self, value: Any, depth: int = 0) -> Any:
        """``value`` as JSON-ready data: plain data by value, anything else by reference."""
        if depth > MAX_DEPTH:
            raise ValueError("value nested too deeply to cross the grading boundary")
        t = type(value)
        if self._origins and not self.flatten:
            origin = self._origins.get(id(value))
            if origin is not None and origin[0] is value:  # a value the worker handed over, handed back
                # an immutable scalar's snapshot is None: unchanged by definition (a nan is not equal to itself)
                now = None if t in _EXACT else self._by_value(value, t, depth)
                if now == origin[2]:
                    return {"$": "ref", "side": "w", "id": origin[1]}
                return {"$": "changed", "id": origin[1], "v": now}
        if t in _EXACT:
            if t is float:
                return _float_out(value)
            if t is int:
                return _int_out(value)
            return value
        if any(t is p for p in PROXY_TYPES):  # a proxy for an object of the other side: send its id back
            side, rid = t._coderl_ref_of(value)  # type: ignore[attr-defined]
            return {"$": "ref", "side": side, "id": rid}
        by_value = self._by_value(value, t, depth)
        if by_value is not None:
            if self.flatten and ((depth == 0 and t in _MUTABLE) or t not in _PLAIN_TYPES):
                # Where it came from goes with it: handed back, the agent's code gets its own object again, as in
                # one process (red-team round 20 told the copy from the list it had returned, and read a
                # NamedTuple's own method that the plain tuple did not have).
                return {"$": "origin", "id": self._send_ref(value), "v": by_value}
            return by_value
        described = self.classify(value)  # may refuse the object (TypeError): then it is never registered
        return {"$": "ref", "side": self.side, "id": self._send_ref(value), **described}

    def _by_value(self, value: Any, t: type, depth: int) -> Any:
        plain = self._plain(value, t, depth)
        if plain is None and self.flatten:
            plain = self._flatten(value, depth)
        return plain

    def forget_origins(self) -> None:
        """Release the worker's objects behind the values it handed over that nothing holds any more but this
        table (run before every message, which carries the releases): the worker frees them when one process
        would have, not at a test's end (round 22 told values the test module keeps for the session, and an
        assertion's temporaries, from what a test's end released)."""
        for key, entry in list(self._origins.items()):
            if sys.getrefcount(entry[0]) <= _HELD_ONLY_HERE:
                del self._origins[key]
                self._released.append([entry[1], 1])

    def _items(self, values: Any, depth: int) -> list[Any]:
        return [self.encode(v, depth + 1) for v in values]

    def _plain(self, value: Any, t: type, depth: int) -> Any:
        if t is list:
            return self._items(value, depth)
        if t is tuple:
            return {"$": "tuple", "v": self._items(value, depth)}
        if t is dict:
            return {
                "$": "dict",
                "v": [[self.encode(k, depth + 1), self.encode(v, depth + 1)] for k, v in value.items()],
            }
        if t is set or t is frozenset:
            return {"$": t.__name__, "v": self._items(value, depth)}
        if t is bytes or t is bytearray:
            return {"$": t.__name__, "v": base64.b64encode(value).decode()}
        if t is complex:
            return {"$": "complex", "v": [_float_out(value.real), _float_out(value.imag)]}
        if t is fractions.Fraction:
            return _fraction_out(value)
        if t is decimal.Decimal:
            return {"$": "decimal", "v": str(value)}
        if t is range:
            return {"$": "range", "v": [_int_out(value.start), _int_out(value.stop), _int_out(value.step)]}
        if t is datetime.timedelta:
            return {"$": "timedelta", "v": [value.days, value.seconds, value.microseconds]}
        if t in (datetime.date, datetime.time, datetime.datetime) and _fixed_offset(value):
            return {"$": t.__name__, "v": value.isoformat()}
        if t in (pathlib.PosixPath, pathlib.PurePosixPath):
            return {"$": "path", "v": str(value)}
        if t is _KEYS_TYPE:
            return {"$": "keys", "v": self._items(value, depth)}
        if t is _VALUES_TYPE:
            return {"$": "values", "v": self._items(value, depth)}
        if t is _ITEMS_TYPE:
            return {"$": "items", "v": [self.encode(tuple(kv), depth + 1) for kv in value]}
        return None

    def _flatten(self, value: Any, depth: int) -> Any:
        """Subclasses of plain types as their base type's value (worker side only)."""
        for base in (bool, int, float, complex, str, bytes, bytearray, tuple, list, dict, frozenset, set):
            if issubclass(type(value), base):
                if _adds_behaviour(value, base):
                    return None
                if base is dict:
                    items = dict.items(value)
                    return {
                        "$": "dict",
                        "v": [[self.encode(k, depth + 1), self.encode(v, depth + 1)] for k, v in items],
                    }
                if base in (tuple, list, set, frozenset):
                    members: Any = base(base.__iter__(value))  # type: ignore[attr-defined]
                    return self._plain(members, base, depth)
                if base is int:
                    return _int_out(int.__index__(value))
                if base is float:
                    return _float_out(float.__float__(value))
                if base is complex:
                    return self._plain(complex(complex.__complex__(value)), complex, depth)
                if base is str:
                    return str.__str__(value)
                copied: Any = base(memoryview(value)) if base in (bytes, bytearray) else base(value)
                return self._plain(copied, type(copied), depth)
        return self._flatten_value_type(value)

    def _flatten_value_type(self, value: Any) -> Any:
        """Subclasses of the standard library's value types as the base type's own value, read with the base
        type's methods, where they add no behaviour of their own; one that does (a ``Decimal`` subclass whose
        ``__str__`` prints another figure than its value, red-team rounds 5 and 19) is None: it crosses by
        reference, and a test sees it as any caller would, not as the value it holds."""
        kinds = (
            decimal.Decimal,
            fractions.Fraction,
            datetime.timedelta,
            datetime.datetime,
            datetime.date,
            datetime.time,
        )
        kind = next((k for k in kinds if issubclass(type(value), k)), None)
        if kind is not None and _adds_behaviour(value, kind):
            return None
        if issubclass(type(value), pathlib.PurePosixPath) and _adds_behaviour(value, pathlib.PurePosixPath):
            return None
        if kind is decimal.Decimal:
            return {"$": "decimal", "v": decimal.Decimal.__str__(value)}
        if kind is fractions.Fraction:
            return _fraction_out(value)
        if kind is datetime.timedelta:
            td = datetime.timedelta
            return {
                "$": "timedelta",
                "v": [td.days.__get__(value), td.seconds.__get__(value), td.microseconds.__get__(value)],
            }
        if kind in (datetime.datetime, datetime.date, datetime.time):
            if not _fixed_offset(value):
                return None
            return {"$": kind.__name__, "v": kind.isoformat(value)}  # type: ignore[union-attr]
        if issubclass(type(value), pathlib.PurePosixPath):
            return {"$": "path", "v": pathlib.PurePosixPath.__str__(value)}
        return None

    def encode_call(self, args: Any, kwargs: dict[str, Any]) -> dict[str, Any]:
        """A call's arguments as message fields (``args``, ``kwargs``)."""
        return {"args": [self.encode(a) for a in args], "kwargs": {str(k): self.encode(v) for k, v in kwargs.items()}}

    # --- decoding ------------------------------------------------------------------------------------
    def decode_call(self, message: dict[str, Any]) -> tuple[list[Any], dict[str, Any]]:
        """The arguments of a call message, decoded."""
        kwargs = message.get("kwargs", {})
        if type(kwargs) is not dict:
            raise WireError("a call's keyword arguments are not an object")
        return [self.decode(a) for a in message.get("args", [])], {str(k): self.decode(v) for k, v in kwargs.items()}

    def decode(self, data: Any, depth: int = 0) -> Any:
        """Rebuild a value the other side encoded, with real built-in types and proxies for references."""
        if depth > MAX_DEPTH:
            raise WireError("value nested too deeply")
        if data is None or type(data) in (bool, int, float, str):
            return data
        if type(data) is list:
            return [self.decode(v, depth + 1) for v in data]
        if type(data) is not dict:
            raise WireError(f"unexpected {type(data).__name__} in a value")
        try:
            return self._decode_tagged(data, depth)
        except WireError:
            raise
        except (TypeError, ValueError, KeyError, OverflowError, ArithmeticError) as exc:
            raise WireError(f"malformed {data.get('$')!r} value: {exc}") from None

    def _list(self, data: dict[str, Any], depth: int) -> list[Any]:
        items = data["v"]
        if type(items) is not list:
            raise WireError("expected a list")
        return [self.decode(v, depth + 1) for v in items]

    def _decode_tagged(self, data: dict[str, Any], depth: int) -> Any:
        tag = data.get("$")
        v: Any = data.get("v")
        if tag == "ref":
            if data.get("side") == self.side:
                return self.local(data.get("id"))
            rid = data.get("id")
            if not isinstance(rid, int):
                raise WireError("a reference without an id")
            return self._proxy_for(data, rid)
        if tag == "origin" and not self.flatten:
            value = self.decode(v, depth + 1)
            if type(data.get("id")) is int:
                rid = data["id"]
                if rid in self._unread_origins:
                    self._unread_origins.remove(rid)
                if type(value) in _EXACT:
                    # a scalar json gave is the object the message still holds: a copy of its own, so that the
                    # count below reads only this value (round 24: every str and int crossed as a shared one)
                    value = _fresh_scalar(value)
                if sys.getrefcount(value) > _FRESH or id(value) in self._origins:
                    # a value Python shares ('', a small int, ()): it stands for no one object, so the worker's
                    # is let go now (round 23 kept one alive for the whole run through a shared '')
                    self._released.append([rid, 1])
                    return value
                # what it looked like here, encoded here: compared with this side's own encoding when handed back
                # (the worker's own encoding differs in what it says of references, and in a set's order, round 22)
                snapshot = None if type(value) in _EXACT else self._by_value(value, type(value), 0)
                self._origins[id(value)] = (value, rid, snapshot)
            return value
        if tag == "changed" and self.flatten:  # the test changed a value it was handed: change the original
            original, state = self.local(data.get("id")), self.decode(v, depth + 1)
            _update_in_place(original, state)
            return original
        if tag == "tuple":
            return tuple(self._list(data, depth))
        if tag == "dict":
            if type(v) is not list:
                raise WireError("expected a list of pairs")
            return {self.decode(k, depth + 1): self.decode(x, depth + 1) for k, x in v}
        if tag == "set":
            return set(self._list(data, depth))
        if tag == "frozenset":
            return frozenset(self._list(data, depth))
        if tag in ("bytes", "bytearray"):
            raw = base64.b64decode(str(v), validate=True)
            return raw if tag == "bytes" else bytearray(raw)
        if tag == "int":
            return int(str(v), 16)
        if tag == "float":
            if v not in ("nan", "inf", "-inf"):
                raise WireError(f"bad float {v!r}")
            return float(v)
        if tag == "complex":
            re_, im = (self.decode(x, depth + 1) for x in v)
            return complex(float(re_), float(im))
        if tag == "fraction":
            num, den = (self.decode(x, depth + 1) for x in v)
            if type(num) is not int or type(den) is not int:
                raise WireError("a fraction of non-integers")
            return fractions.Fraction(num, den)
        if tag == "decimal":
            return decimal.Decimal(str(v))
        if tag == "range":
            start, stop, step = (self.decode(x, depth + 1) for x in v)
            return range(int(start), int(stop), int(step))
        if tag == "timedelta":
            days, seconds, micro = (int(x) for x in v)
            return datetime.timedelta(days=days, seconds=seconds, microseconds=micro)
        if tag in _TIME_TYPES:
            return _TIME_TYPES[tag].fromisoformat(str(v))
        if tag == "path":
            return pathlib.Path(str(v))
        if tag == "keys":
            return dict.fromkeys(self._list(data, depth)).keys()
        if tag == "values":
            return dict(enumerate(self._list(data, depth))).values()
        if tag == "items":
            return dict(self._list(data, depth)).items()
        raise WireError(f"unknown tag {tag!r}")
