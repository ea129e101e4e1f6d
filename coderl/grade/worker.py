"""The untrusted side of grading: imports the agent's modules and carries out what the tests ask of them.

Runs as the sandbox uid in the grading container, started by the sandbox agent beside the trusted test
process (``runner.py``, another uid). It holds nothing of the grader: no test source, no expected values,
no result channel. It answers requests (import a module, get an attribute, call, iterate, ...) with
plain data or references, and whatever the agent's code does here (patch builtins, exit, lie in
``__eq__``, write garbage on the pipe) can only change the values it answers with.

Standard library only: copied into the container as ``coderl_worker.py`` beside ``coderl_wire.py``.
"""

from __future__ import annotations

import builtins
import contextlib
import importlib
import io
import os
import resource
import signal
import subprocess
import sys
import traceback
import types
from typing import Any

if __package__:
    from coderl.grade import wire
    from coderl.grade.wire import Codec, WireError, read_frame, write_frame
else:  # in the container, beside coderl_wire.py
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import coderl_wire as wire  # type: ignore[no-redef]
    from coderl_wire import Codec, WireError, read_frame, write_frame  # type: ignore[no-redef]

__all__ = ["Worker", "main"]

WORKSPACE = "/workspace"
_MUTABLE = (list, dict, set, bytearray)
_BINARY = frozenset(
    [
        "__add__",
        "__sub__",
        "__mul__",
        "__matmul__",
        "__truediv__",
        "__floordiv__",
        "__mod__",
        "__pow__",
        "__and__",
        "__or__",
        "__xor__",
        "__lshift__",
        "__rshift__",
    ]
)
_UNARY = frozenset({"__neg__", "__pos__", "__abs__", "__invert__"})
# Read through the built-in descriptors, so that describing an object runs nothing of the agent's (a metaclass or
# class may redefine __name__, __qualname__ or __dict__; red-team round 20 switched the fix on from such probes).
_TYPE_NAME = type.__dict__["__name__"]
_TYPE_QUALNAME = type.__dict__["__qualname__"]
_TYPE_BASES = type.__dict__["__bases__"]
_FUNCTION_QUALNAME = types.FunctionType.__dict__["__qualname__"]
_MODULE_DICT: Any = vars(types.ModuleType)["__dict__"]
_BASE_STR: Any = vars(BaseException)["__str__"]
_EXC_ARGS: Any = vars(BaseException)["args"]
_EXC_DICT: Any = vars(BaseException)["__dict__"]
_EXC_TRACEBACK: Any = vars(BaseException)["__traceback__"]
_GROUP: Any = getattr(builtins, "BaseExceptionGroup", None)  # Python 3.11+
_GROUP_EXCEPTIONS: Any = vars(_GROUP)["exceptions"] if _GROUP is not None else None
_GROUP_MESSAGE: Any = vars(_GROUP)["message"] if _GROUP is not None else None


def _frames(tb: Any) -> str:
    """Where an exception passed, by file, line and function, without source lines: reading them goes through
    linecache, which asks a module's own ``__loader__`` (round 21 switched the fix on from one)."""
    lines = [
        f'  File "{str.__str__(frame.f_code.co_filename)}", line {lineno}, in {str.__str__(frame.f_code.co_name)}\n'
        for frame, lineno in traceback.walk_tb(tb)
    ]
    return "".join(lines)[-4000:]


def _plain_args(args: Any) -> bool:
    """Arguments a built-in ``__str__`` renders without calling anything of the agent's."""
    return type(args) is tuple and all(type(a) in (str, int, float, bool, type(None)) for a in args)


class TrustedProxy:
    """An object of the trusted side (a test's callback or container) that the agent's code may use.

    Every use is a request to the trusted side, which allows calls, item access, len, iteration and
    public attributes only.
    """

    __slots__ = ("__weakref__", "_coderl_id", "_coderl_worker")

    def __init__(self, worker: Worker, rid: int) -> None:
        object.__setattr__(self, "_coderl_worker", worker)
        object.__setattr__(self, "_coderl_id", rid)

    @staticmethod
    def _coderl_ref_of(proxy: TrustedProxy) -> tuple[str, int]:
        return "t", object.__getattribute__(proxy, "_coderl_id")

    def _ask(self, op: str, **fields: Any) -> Any:
        worker: Worker = object.__getattribute__(self, "_coderl_worker")
        return worker.callback(op, object.__getattribute__(self, "_coderl_id"), **fields)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._ask("call", args=list(args), kwargs=kwargs)

    def __getattr__(self, name: str) -> Any:
        return self._ask("getattr", name=name)

    def __getitem__(self, key: Any) -> Any:
        return self._ask("getitem", key=key)

    def __setitem__(self, key: Any, value: Any) -> None:
        self._ask("setitem", key=key, value=value)

    def __len__(self) -> int:
        return int(self._ask("len"))

    def __iter__(self) -> Any:
        return self._ask("iter")

    def __next__(self) -> Any:
        return self._ask("next")

    def __contains__(self, item: Any) -> bool:
        return bool(self._ask("contains", value=item))

    def __repr__(self) -> str:
        return str(self._ask("repr"))


wire.PROXY_TYPES.append(TrustedProxy)


class Worker:
    """Serves one trusted test process over a pair of pipes.

    ``check``: the worker of a check script (``coderl_worker.py --check``). It runs the agent's programs and
    nothing else: it imports nothing of the workspace (its own lazy imports could otherwise load a workspace
    ``ast.py``), and after each program it kills every process the program left behind, so nothing of the
    agent's runs between the check's steps (see :func:`main` for the rest)."""

    def __init__(self, rfd: int, wfd: int, *, check: bool = False) -> None:
        self.rfd = rfd
        self.wfd = wfd
        self.check = check
        # Why a check's scratch state could not be cleared after a program (None: it was): the programs after it
        # would start from what it left, so none runs (red-team round 32 broke the clean-up with a link to a folder)
        self.unclean: str | None = None
        self.codec = Codec("w", lambda d: TrustedProxy(self, int(d["id"])), self.classify, flatten_subclasses=True)

    # --- describing objects sent by reference -----------------------------------------------------
    def classify(self, obj: Any) -> dict[str, Any]:
        """What the trusted side needs to build a proxy: kind, a name for messages, the class's id."""
        if issubclass(type(obj), type) and issubclass(obj, BaseException):
            name = _TYPE_NAME.__get__(obj)
            if getattr(builtins, name, None) is obj:
                return {"kind": "builtin_exc", "name": name}
            bases = [self.codec.encode(b) for b in _TYPE_BASES.__get__(obj) if issubclass(b, BaseException)]
            return {"kind": "exc_class", "name": _TYPE_QUALNAME.__get__(obj), "bases": bases}
        if issubclass(type(obj), types.ModuleType):
            namespace = _MODULE_DICT.__get__(obj)
            return {"kind": "module", "name": str(namespace.get("__name__")), "package": "__path__" in namespace}
        if issubclass(type(obj), type):
            return {"kind": "class", "name": str(_TYPE_QUALNAME.__get__(obj))}
        # The class goes as a reference of its own, held by the object's proxy: released with it (round 20 kept
        # a class alive in the worker's table, where nothing released it). Names are read from the class, never
        # from the object (whose __getattr__ or properties would run here only).
        kind = "callable" if callable(obj) else "object"
        label = _FUNCTION_QUALNAME.__get__(obj) if type(obj) is types.FunctionType else None
        name = str(label or _TYPE_QUALNAME.__get__(type(obj)))
        return {"kind": kind, "name": name, "cls": self.codec.encode(type(obj))}

    # --- the request loop -------------------------------------------------------------------------
    def serve(self) -> None:
        """Answer requests until the trusted side closes the stream."""
        while True:
            try:
                message = read_frame(self.rfd)
                self.codec.incoming(message)
            except WireError:
                return
            self.answer(message)
            self.codec.unpin()

    def answer(self, message: dict[str, Any]) -> None:
        """Carry out one request and write its reply (a value or the exception it raised)."""
        out, err = io.StringIO(), io.StringIO()
        reply: dict[str, Any]
        self.codec.begin_message()
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                reply = self.handle(message)
        except BaseException as exc:  # everything the agent's code raises goes back as an exception
            reply = {"raise": self.describe_exception(exc)}
        if out.getvalue():
            reply["out"] = out.getvalue()[-(1 << 16) :]
        if err.getvalue():
            reply["err"] = err.getvalue()[-(1 << 16) :]
        try:
            write_frame(self.wfd, self.codec.outgoing(reply))
        except (ValueError, TypeError, WireError) as exc:
            self.codec.message_lost()
            failed = {"raise": self.describe_exception(ValueError(f"reply could not be sent: {exc}"))}
            write_frame(self.wfd, {**failed, **{k: v for k, v in reply.items() if k == "release"}})
        else:
            self.codec.message_sent()

    def callback(self, op: str, rid: int, **fields: Any) -> Any:
        """Ask the trusted side to use one of its objects; serve its nested requests meanwhile."""
        request: dict[str, Any] = {"op": op, "id": rid}
        if op == "call":
            request.update(self.codec.encode_call(fields["args"], fields["kwargs"]))
        else:
            request.update({k: v if k == "name" else self.codec.encode(v) for k, v in fields.items()})
        write_frame(self.wfd, self.codec.outgoing({"callback": request}))
        while True:
            message = read_frame(self.rfd)
            self.codec.incoming(message)
            if "op" in message:
                self.answer(message)
                self.codec.unpin()
                continue
            if "raise" in message:
                error = message["raise"]
                exc_type = getattr(builtins, str(error.get("name")), None)
                if not (isinstance(exc_type, type) and issubclass(exc_type, Exception)):
                    exc_type = RuntimeError
                raise exc_type(str(error.get("message", "")))
            return self.codec.decode(message.get("value"))

    def describe_exception(self, exc: BaseException) -> dict[str, Any]:
        """An exception as data: its class (by reference), args, public attributes, traceback, and its message
        where computing it runs nothing of the agent's (a built-in ``__str__`` over plain arguments); otherwise
        the exception itself by reference, whose ``str`` the trusted side asks for when a test reads it, as in one
        process (red-team round 20 switched the fix on from a ``__str__`` that only this side had run)."""
        cls = type(exc)
        described: dict[str, Any] = {"cls": self.codec.encode(cls)}
        if _GROUP is not None and issubclass(cls, _GROUP):
            described["group"] = [self.describe_exception(e) for e in _GROUP_EXCEPTIONS.__get__(exc)]
            text = _GROUP_MESSAGE.__get__(exc)
            described["group_message"] = text if type(text) is str else ""  # a str of the agent's type: not run
        args = _EXC_ARGS.__get__(exc)
        with contextlib.suppress(Exception):
            described["args"] = self.codec.encode(tuple(args))
        with contextlib.suppress(Exception):
            own = _EXC_DICT.__get__(exc)
            public = {k: v for k, v in own.items() if type(k) is str and not str.startswith(k, "_")}
            described["attrs"] = self.codec.encode(public)
        try:
            rendered_by_base = wire.class_attribute(cls, "__str__") is _BASE_STR
        except wire.UnsafeClass:
            rendered_by_base = False
        if rendered_by_base and _plain_args(args):
            described["message"] = _BASE_STR(exc)  # BaseException's own over plain arguments: nothing of theirs runs
        else:
            described["self"] = self.codec.encode(exc)
        with contextlib.suppress(Exception):
            described["trace"] = _frames(_EXC_TRACEBACK.__get__(exc)) + _TYPE_QUALNAME.__get__(cls) + "\n"
        return described

    # --- operations ------------------------------------------------------------------------------
    def handle(self, message: dict[str, Any]) -> dict[str, Any]:
        op = str(message.get("op"))
        handler = getattr(self, "op_" + op, None)
        if handler is None:
            raise ValueError(f"unknown request {op!r}")
        return handler(message)  # type: ignore[no-any-return]

    def _target(self, message: dict[str, Any]) -> Any:
        return self.codec.local(message.get("id"))

    def _value(self, value: Any) -> dict[str, Any]:
        return {"value": self.codec.encode(value)}

    def op_import(self, message: dict[str, Any]) -> dict[str, Any]:
        if self.check:
            raise PermissionError("a check's worker runs programs only; it imports nothing")
        # This process may have started before the workspace was written (a warm grader): look again.
        importlib.invalidate_caches()
        return self._value(importlib.import_module(str(message["name"])))

    def op_limit_cpu(self, message: dict[str, Any]) -> dict[str, Any]:
        """Allow this process (and what it starts) ``seconds`` more CPU time from now: a worker started
        ahead of its grade was given a budget for waiting, the grade's own comes with it. Sent by the
        trusted side before any of the agent's code is imported."""
        used = resource.getrusage(resource.RUSAGE_SELF)
        _, hard = resource.getrlimit(resource.RLIMIT_CPU)
        budget = int(used.ru_utime + used.ru_stime) + int(self.codec.decode(message.get("seconds")))
        if hard == resource.RLIM_INFINITY or budget < hard:
            resource.setrlimit(resource.RLIMIT_CPU, (budget, budget))  # hard too: no raising it back
        return self._value(None)

    def op_syspath(self, message: dict[str, Any]) -> dict[str, Any]:
        """Put a repository's other import roots (``/workspace/src``) first on this process's path, and on
        that of the programs it runs; before them the folders a clone's pytest run puts first for the test
        files (``tests``, ``/workspace/tests``), on this process's path only, as pytest does to its own. Sent by the
        trusted side before any of the agent's code is imported."""
        dirs = [str(d) for d in self.codec.decode(message.get("dirs"))]
        tests = [str(d) for d in self.codec.decode(message.get("tests", [])) or []]
        if not self.check:  # a check's worker imports nothing: only its programs get the roots
            sys.path[0:0] = dirs
            sys.path[0:0] = [d for d in tests if d not in sys.path]
        os.environ["PYTHONPATH"] = os.pathsep.join([*dirs, WORKSPACE])
        importlib.invalidate_caches()
        return self._value(None)

    def op_names(self, message: dict[str, Any]) -> dict[str, Any]:
        """A module's names for ``from M import *``: its ``__all__``, else its public globals."""
        module = self._target(message)
        names = getattr(module, "__all__", None)
        if names is None:
            names = [n for n in vars(module) if not n.startswith("_")]
        return self._value([str(n) for n in names])

    def op_getattr(self, message: dict[str, Any]) -> dict[str, Any]:
        return self._value(getattr(self._target(message), str(message["name"])))

    def op_setattr(self, message: dict[str, Any]) -> dict[str, Any]:
        setattr(self._target(message), str(message["name"]), self.codec.decode(message.get("value")))
        return self._value(None)

    def op_delattr(self, message: dict[str, Any]) -> dict[str, Any]:
        delattr(self._target(message), str(message["name"]))
        return self._value(None)

    def op_call(self, message: dict[str, Any]) -> dict[str, Any]:
        """Call with decoded arguments; lists, dicts, sets and bytearrays passed in come back as they
        are afterwards, so the trusted side sees in-place changes (or their absence)."""
        args, kwargs = self.codec.decode_call(message)
        result = self._target(message)(*args, **kwargs)
        reply = self._value(result)
        back = {str(i): self.codec.encode(a) for i, a in enumerate(args) if type(a) in _MUTABLE}
        back.update({k: self.codec.encode(v) for k, v in kwargs.items() if type(v) in _MUTABLE})
        if back:
            reply["back"] = back
        return reply

    def op_getitem(self, message: dict[str, Any]) -> dict[str, Any]:
        return self._value(self._target(message)[self.codec.decode(message.get("key"))])

    def op_setitem(self, message: dict[str, Any]) -> dict[str, Any]:
        self._target(message)[self.codec.decode(message.get("key"))] = self.codec.decode(message.get("value"))
        return self._value(None)

    def op_delitem(self, message: dict[str, Any]) -> dict[str, Any]:
        del self._target(message)[self.codec.decode(message.get("key"))]
        return self._value(None)

    def op_len(self, message: dict[str, Any]) -> dict[str, Any]:
        return self._value(len(self._target(message)))

    def op_bool(self, message: dict[str, Any]) -> dict[str, Any]:
        return self._value(bool(self._target(message)))

    def op_contains(self, message: dict[str, Any]) -> dict[str, Any]:
        return self._value(self.codec.decode(message.get("value")) in self._target(message))

    def op_iter(self, message: dict[str, Any]) -> dict[str, Any]:
        return self._value(iter(self._target(message)))

    def op_next(self, message: dict[str, Any]) -> dict[str, Any]:
        return self._value(next(self._target(message)))

    def op_str(self, message: dict[str, Any]) -> dict[str, Any]:
        return self._value(str(self._target(message)))

    def op_repr(self, message: dict[str, Any]) -> dict[str, Any]:
        return self._value(repr(self._target(message)))

    def op_instancecheck(self, message: dict[str, Any]) -> dict[str, Any]:
        return self._value(isinstance(self.codec.decode(message.get("value")), self._target(message)))

    def op_binary(self, message: dict[str, Any]) -> dict[str, Any]:
        name = str(message["name"])
        if name not in _BINARY:
            raise ValueError(f"not a binary operator: {name}")
        return self._value(getattr(self._target(message), name)(self.codec.decode(message.get("value"))))

    def op_unary(self, message: dict[str, Any]) -> dict[str, Any]:
        name = str(message["name"])
        if name not in _UNARY:
            raise ValueError(f"not a unary operator: {name}")
        return self._value(getattr(self._target(message), name)())

    def op_run(self, message: dict[str, Any]) -> dict[str, Any]:
        """Run a program as the sandbox uid (for tests of command-line solutions, and a check's ``coderl-run``).

        Its output comes back as text (bytes that are not UTF-8 replaced: decoding never raises here). In a
        check, every process of the sandbox uid the program left behind is killed when it returns."""
        argv = [str(a) for a in message["argv"]]
        text = message.get("input")
        timeout = float(message.get("timeout", 30.0))
        env = None
        if self.check and self.unclean is not None:
            return self._value(
                {
                    "returncode": 125,
                    "stdout": "",
                    "stderr": f"not run: an earlier program's leftovers stay ({self.unclean})",
                }
            )
        if self.check:
            # Each program of a check runs as the agent's own commands ran in its sandbox (HOME=/tmp, the same
            # environment: a HOME of its own told the check's programs from the agent's, red-team round 8) and
            # starts from nothing its predecessors left outside the workspace: what they left in the scratch
            # folders (a `usercustomize.py` planted in ~/.local rewrote what a later `python3 -c` printed,
            # red-team round 4) is removed when each returns.
            env = dict(os.environ)
            for name in ("PYTHONSTARTUP", "PYTHONUSERBASE", "BASH_ENV", "ENV"):
                env.pop(name, None)
        try:
            proc = subprocess.run(
                argv, input=None if text is None else str(text).encode(), capture_output=True, timeout=timeout, env=env
            )
        except subprocess.TimeoutExpired:
            return self._value({"returncode": None, "stdout": "", "stderr": f"timed out after {timeout:g} s"})
        finally:
            if self.check:
                self._clean_up()
        out, err = (stream.decode("utf-8", errors="replace") for stream in (proc.stdout, proc.stderr))
        return self._value({"returncode": proc.returncode, "stdout": out, "stderr": err})

    def _clean_up(self) -> None:
        """Kill what a check's program left running and remove what it left in the scratch folders and IPC, each
        step whatever the others did; a step that fails leaves the worker unclean (no later program runs)."""
        for step in (_kill_leftovers, _remove_own_files, _remove_own_ipc):
            try:
                step()
            except Exception as exc:  # any failure here means state may carry over
                self.unclean = self.unclean or f"{step.__name__}: {type(exc).__name__}: {exc}"


def _kill_leftovers() -> None:
    """Kill every process this one may signal (the sandbox uid's, in this container's pid namespace), except
    itself: what a check's program started in the background and left running."""
    with contextlib.suppress(OSError):
        os.kill(-1, signal.SIGKILL)


# Folders outside the workspace where a program of the sandbox uid can leave files for the next one (POSIX
# message queues are files of /dev/mqueue).
_SCRATCH = ("/tmp", "/var/tmp", "/dev/shm", "/run/user", "/dev/mqueue")


def _remove_own_files() -> None:
    """Remove what this uid owns in the scratch folders (files, folders, links): state a check's program left
    there for a later one (a mark deleted or planted, a user site folder) is gone before the next starts. Files
    of other uids (the grader's own folder under /tmp) are not touched."""
    import shutil

    uid = os.getuid()
    for top in _SCRATCH:
        try:
            names = os.listdir(top)
        except OSError:
            continue
        for name in names:
            path = os.path.join(top, name)
            try:
                st = os.lstat(path)
            except OSError:
                continue
            if st.st_uid != uid:
                continue
            with contextlib.suppress(OSError):
                if os.path.isdir(path) and not os.path.islink(path):
                    _open_up(path)
                    shutil.rmtree(path, ignore_errors=True)
                else:
                    os.unlink(path)


def _open_up(top: str) -> None:
    """Make a folder tree this uid owns removable: a folder of mode 000 (or without write or search permission)
    is skipped by ``rmtree`` and would survive into the next program (red-team round 7)."""
    with contextlib.suppress(OSError):
        os.chmod(top, 0o700)
    for folder, dirs, _ in os.walk(top):
        for name in dirs:
            path = os.path.join(folder, name)
            if os.path.islink(path):
                continue  # a link to a folder (os.walk lists it with the folders): rmtree unlinks it, never follows
            with contextlib.suppress(OSError):
                os.chmod(path, 0o700)


def _remove_own_ipc() -> None:
    """Remove the System V shared memory segments, semaphore sets and message queues this uid owns or created
    (listed in ``/proc/sysvipc``; the container has its own IPC namespace, so they are the check's programs'):
    like files in /tmp, they would carry state from one program of a check to the next."""
    import ctypes

    ipc_rmid = 0
    libc = ctypes.CDLL(None, use_errno=True)
    remove = {
        "shm": lambda ident: libc.shmctl(ident, ipc_rmid, None),
        "sem": lambda ident: libc.semctl(ident, 0, ipc_rmid),
        "msg": lambda ident: libc.msgctl(ident, ipc_rmid, None),
    }
    uid = os.getuid()
    for kind, rmid in remove.items():
        try:
            with open(f"/proc/sysvipc/{kind}", encoding="ascii") as handle:
                header, *rows = [line.split() for line in handle if line.strip()]
        except (OSError, ValueError):
            continue
        column = {name: i for i, name in enumerate(header)}
        id_col = next((column[n] for n in ("shmid", "semid", "msqid") if n in column), None)
        if id_col is None or "uid" not in column:
            continue
        for row in rows:
            with contextlib.suppress(IndexError, ValueError):
                if uid in (int(row[column["uid"]]), int(row[column.get("cuid", column["uid"])])):
                    rmid(int(row[id_col]))


def _undumpable() -> None:
    """Make this process non-dumpable: a process of the same uid (the agent's programs, its children) can then
    neither ptrace it, nor take its file descriptors (``pidfd_getfd``), nor read its ``/proc`` entries. The flag
    is per process and reset for each program it starts, which stay the agent's own."""
    import ctypes

    pr_set_dumpable = 4
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(pr_set_dumpable, 0, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_DUMPABLE, 0) failed")


def main() -> None:
    """``coderl_worker.py``: a test run's worker, whose process is the agent's own (its modules are imported
    here); ``coderl_worker.py --check``: a check's, which only runs the agent's programs, holds the pipes to the
    check's trusted side, and so must stay out of their reach: non-dumpable, the workspace off its path."""
    check = sys.argv[1:] == ["--check"]
    rfd, wfd = (int(x) for x in os.environ.pop("CODERL_SERVE_FDS").split(","))
    for fd in (rfd, wfd):
        os.set_inheritable(fd, False)
    if check:
        _undumpable()
    else:
        sys.path.insert(0, WORKSPACE)  # the agent's modules: this process is the agent's own
    os.chdir(WORKSPACE)
    Worker(rfd, wfd, check=check).serve()
    # The trusted side is done: no teardown (the agent's atexit hooks, threads, module finalizers)
    # that the grade would wait for.
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
