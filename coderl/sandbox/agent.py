"""The in-container agent: serves sandbox requests over one binary stdin/stdout stream.

It runs as container root holding only SETUID, SETGID and KILL. Every command and every file operation
runs as the unprivileged sandbox uid, so code under test can neither kill the agent, read its pipes,
nor forge its replies. Standard library only: the host sends this file's source to the container's
``python3`` when it opens a sandbox (see ``agent_command``), so the image needs nothing of coderl.

Protocol: frames of a 4-byte big-endian length and a UTF-8 JSON object. A request carries ``id`` and
``op``; the reply carries the same ``id`` and ``ok``. Binary payloads travel base64-encoded.
"""

from __future__ import annotations

import base64
import contextlib
import errno
import functools
import io
import json
import os
import resource
import select
import selectors
import shutil
import signal
import stat
import struct
import subprocess
import sys
import tarfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

HEADER = struct.Struct(">I")
MAX_FRAME = 1 << 30
# /workspace is a root-owned tmpfs: without this git refuses a repository task's workspace ("dubious
# ownership"), which the sandbox uid does not own. Given to every command as git's command-line config.
_GIT_SAFE_WORKSPACE = {
    "GIT_CONFIG_COUNT": "1",
    "GIT_CONFIG_KEY_0": "safe.directory",
    "GIT_CONFIG_VALUE_0": "/workspace",
}
# The sandbox uid's Python caches bytecode out of the workspace (see ``_spawn``).
_AGENT_PYTHON = {"PYTHONPYCACHEPREFIX": "/tmp/.pycache"}
_RLIMITS = {
    "nproc": resource.RLIMIT_NPROC,
    "as": resource.RLIMIT_AS,
    "fsize": resource.RLIMIT_FSIZE,
    "nofile": resource.RLIMIT_NOFILE,
    "cpu": resource.RLIMIT_CPU,
}


def encode_frame(message: dict[str, Any]) -> bytes:
    """One frame: length header and compact JSON."""
    data = json.dumps(message, separators=(",", ":")).encode()
    return HEADER.pack(len(data)) + data


def read_frame(stream: BinaryIO) -> dict[str, Any] | None:
    """The next frame from a blocking stream, or None at end of stream."""
    header = stream.read(HEADER.size)
    if len(header) < HEADER.size:
        return None
    (size,) = HEADER.unpack(header)
    if size > MAX_FRAME:
        raise ValueError(f"frame of {size} bytes exceeds {MAX_FRAME}")
    data = stream.read(size)
    if len(data) < size:
        return None
    message = json.loads(data)
    if not isinstance(message, dict):
        raise ValueError("frame is not a JSON object")
    return message


class Agent:
    """Request handlers; ``uid``/``gid`` is the sandbox identity, ``None`` when not running as root."""

    def __init__(self, settings: dict[str, Any]) -> None:
        self.settings = settings
        privileged = os.geteuid() == 0
        self.uid: int | None = int(settings["uid"]) if privileged else None
        self.gid: int | None = int(settings["gid"]) if privileged else None
        # The grader's identity: trusted grading code runs as this uid, never as the sandbox uid.
        grader = settings.get("grader_uid", int(settings.get("uid", 0)) + 1)
        self.grader_uid: int | None = int(grader) if privileged else None
        self.scratch = [Path(p) for p in settings.get("scratch", ["/workspace", "/tmp"])]
        self.rlimits = {k: int(v) for k, v in settings.get("rlimits", {}).items()}
        self._held: dict[int, dict[str, Any]] = {}  # commands started by ``spawn``, waiting for ``resume``
        self._next_handle = 0

    # --- identity -------------------------------------------------------------------------------
    @contextlib.contextmanager
    def as_user(self, owner: str = "user") -> Iterator[None]:
        """Run a block with the sandbox uid as effective uid (file ops can't exceed its rights)."""
        if self.uid is None or owner == "root":
            yield
            return
        uid = self.grader_uid if owner == "grader" else self.uid
        os.setegid(uid)  # type: ignore[arg-type]
        os.seteuid(uid)  # type: ignore[arg-type]
        try:
            yield
        finally:
            os.seteuid(0)
            os.setegid(0)

    def _child_setup(self, rlimits: dict[str, int], uid: int | None) -> None:
        for name, value in rlimits.items():
            resource.setrlimit(_RLIMITS[name], (value, value))
        if uid is not None:
            os.setgroups([])
            os.setresgid(uid, uid, uid)
            os.setresuid(uid, uid, uid)
        os.umask(0o022)

    def _launch(
        self, argv: list[str], rlimits: dict[str, int], uid: int | None, env: dict[str, str]
    ) -> tuple[list[str], Any]:
        """``(argv, preexec_fn)`` for ``Popen``: through the native launcher when the host mounted one
        (``coderl.sandbox.spawner``: the same steps as ``_child_setup`` in C, so Popen can ``vfork``),
        else the program itself with ``_child_setup`` run in the forked child. A program that cannot be
        found raises FileNotFoundError here either way, as Popen itself would."""
        helper = self.settings.get("spawn_helper")
        if not helper:
            return argv, lambda: self._child_setup(rlimits, uid)
        program = argv[0]
        if "/" not in program and shutil.which(program, path=env.get("PATH", os.defpath)) is None:
            raise FileNotFoundError(errno.ENOENT, "No such file or directory", program)
        if "/" in program and not os.path.exists(program):
            raise FileNotFoundError(errno.ENOENT, "No such file or directory", program)
        ids = [str(uid), str(uid)] if uid is not None else ["-1", "-1"]
        limits = [f"{name}={value}" for name, value in rlimits.items()]
        return [str(helper), *ids, *limits, "--", *argv], None

    # --- process control ------------------------------------------------------------------------
    def _processes(self) -> Iterator[tuple[int, int, int]]:
        """(pid, real uid, session id) of every process visible in the container."""
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            try:
                with open(f"/proc/{entry.name}/status", "rb") as f:
                    status = f.read()
                with open(f"/proc/{entry.name}/stat", "rb") as f:
                    fields = f.read().rsplit(b")", 1)[1].split()
            except OSError:
                continue
            uid_line = status.split(b"\nUid:", 1)[1].split(None, 1)[0]
            yield int(entry.name), int(uid_line), int(fields[3])  # state ppid pgrp SESSION tty_nr ...

    def kill_all(self, session: int | None = None) -> int:
        """SIGKILL every sandbox- or grader-uid process (or one session's); returns how many were signalled."""
        me = os.getpid()
        killed = 0
        for _ in range(50):
            targets = [
                pid
                for pid, uid, sid in self._processes()
                if pid != me
                and (session is None or sid == session)
                and ((self.uid is None and session is not None) or uid in (self.uid, self.grader_uid))
            ]
            if not targets:
                break
            for pid in targets:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
            killed += len(targets)
            time.sleep(0.002)
        return killed

    # --- operations -----------------------------------------------------------------------------
    def op_ping(self, req: dict[str, Any]) -> dict[str, Any]:
        return {"pid": os.getpid(), "uid": self.uid, "time": time.time()}

    def op_exec(self, req: dict[str, Any]) -> dict[str, Any]:
        """Run a command (and its grading worker, if asked) to the end: output, exit status, timing."""
        return self._collect(self._spawn(req), req)

    def op_spawn(self, req: dict[str, Any]) -> dict[str, Any]:
        """Start a command as ``exec`` would but hold it: its stdin stays open and nothing is read until
        ``resume`` (a grading runner that imports pytest ahead and waits for its workspace). The time
        limit and the output caps count from ``resume``; ``time_limit`` here bounds the held processes'
        CPU rlimit only."""
        held = self._spawn(req, hold=True)
        self._next_handle += 1
        self._held[self._next_handle] = held
        return {"handle": self._next_handle, "pid": held["proc"].pid}

    def op_resume(self, req: dict[str, Any]) -> dict[str, Any]:
        """Feed a held command its stdin and run it to the end, as ``exec`` would. A held command that
        has already exited is an error (``HeldProcessGone``): its caller cannot know what it missed."""
        held = self._held.pop(int(req["handle"]), None)
        if held is None:
            raise KeyError(f"no held command {req['handle']}")
        gone = [
            p.pid for p in (held["proc"], held["worker"][0] if held["worker"] else None) if p and p.poll() is not None
        ]
        if gone:
            self._abandon(held)
            raise HeldProcessGone(f"held process(es) {gone} exited before resume")
        if held["start_worker"] is not None:
            held["worker"][0] = self._start_worker(*held.pop("start_worker"))
        return self._collect(held, req)

    def _abandon(self, held: dict[str, Any]) -> None:
        self.kill_all(session=held["proc"].pid)
        if held.get("start_worker") is not None:  # its worker never started: its ends of the pipes are still here
            for fd in held["start_worker"][3]:
                os.close(fd)
        if held["worker"] is not None and held["worker"][0] is not None:
            self.kill_all(session=held["worker"][0].pid)
        for proc in (held["proc"], held["worker"][0] if held["worker"] else None):
            if proc is not None:
                for fobj in (proc.stdin, proc.stdout, proc.stderr):
                    if fobj is not None:
                        fobj.close()
                proc.wait()
        for fd in (held["result_r"], held["worker"][3] if held["worker"] else -1):
            if fd >= 0:
                os.close(fd)

    def _spawn(self, req: dict[str, Any], *, hold: bool = False) -> dict[str, Any]:
        """Start the command (and its worker); returns what ``_collect`` needs to see it through."""
        cmd = req["cmd"]
        argv = ["/bin/bash", "-c", cmd] if isinstance(cmd, str) else [str(a) for a in cmd]
        timeout = float(req.get("time_limit", 30.0))
        rlimits = dict(self.rlimits)
        if "cpu" in rlimits:
            rlimits["cpu"] = max(1, int(timeout) + 1)
        # "grader": the trusted side of grading, under its own uid; "user": the sandbox uid.
        uid = self.grader_uid if req.get("user") == "grader" else self.uid
        own = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/tmp", "LANG": "C.UTF-8", "PYTHONUNBUFFERED": "1"}
        own.update(_GIT_SAFE_WORKSPACE)
        # The sandbox uid's Python caches bytecode out of the workspace, so honest work leaves no __pycache__ for
        # its commit to hold (a committed pyc is refused: red-team round 13). Not the grader's: a cache folder in
        # the shared /tmp could be made ready for it by the agent's code.
        agents = {**own, **_AGENT_PYTHON}
        given = {str(k): str(v) for k, v in req.get("env", {}).items()}
        env = {**(own if req.get("user") == "grader" else agents), **given}
        result_r = result_w = -1
        pass_fds: tuple[int, ...] = ()
        if req.get("result_channel"):
            result_r, result_w = os.pipe()
            env["CODERL_RESULT_FD"] = str(result_w)
            pass_fds = (result_w,)
        # The worker runs the agent's code: it gets the environment the agent's own commands get, not what the
        # request adds for the trusted process (a variable only grading sets would tell grading apart).
        worker: list[Any] | None = None
        pending: tuple[int, int, int] | None = None
        if req.get("worker"):
            pending, (trusted_r, trusted_w, out_r) = self._worker_pipes()
            worker = [None, trusted_r, trusted_w, out_r]
            env["CODERL_WORKER_FDS"] = f"{trusted_r},{trusted_w}"
            pass_fds += (trusted_r, trusted_w)
            if not hold:
                worker[0], pending = self._start_worker(req, rlimits, agents, pending), None
        argv, preexec = self._launch(argv, rlimits, uid, env)
        proc = subprocess.Popen(
            argv,
            cwd=req.get("cwd", "/workspace"),
            env=env,
            stdin=subprocess.PIPE if hold or req.get("stdin") else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            pass_fds=pass_fds,
            start_new_session=True,
            preexec_fn=preexec,
        )
        if result_w >= 0:
            os.close(result_w)
        if worker is not None:
            os.close(worker[1])
            os.close(worker[2])
        # A held command's worker starts at resume, after the grade has written its workspace: one started ahead
        # was older than the files it imports, which no run of a checkout ever is (red-team round 14 used the fix
        # only when its process had started before its own source was written).
        later = None if pending is None else (req, rlimits, agents, pending)
        return {"proc": proc, "worker": worker, "result_r": result_r, "start_worker": later}

    def _collect(self, held: dict[str, Any], req: dict[str, Any]) -> dict[str, Any]:
        """Give a started command its stdin, read its streams until it ends, the time limit passes or
        its output exceeds ``kill_output``; then kill what is left of its session (and its worker's)."""
        proc: subprocess.Popen[bytes] = held["proc"]
        worker = held["worker"]
        result_r: int = held["result_r"]
        timeout = float(req.get("time_limit", 30.0))
        cap = int(req.get("max_output", 1 << 16))
        kill_at = int(req.get("kill_output", 1 << 26))
        start = time.monotonic()
        stdin_data = base64.b64decode(req["stdin"]) if req.get("stdin") else None
        if proc.stdin is not None:
            with contextlib.suppress(BrokenPipeError):
                if stdin_data:
                    proc.stdin.write(stdin_data)
                proc.stdin.close()
        streams: dict[int, list[Any]] = {}
        sel = selectors.DefaultSelector()
        for name, fobj, limit in (("stdout", proc.stdout, cap), ("stderr", proc.stderr, cap)):
            assert fobj is not None
            fd = fobj.fileno()
            os.set_blocking(fd, False)
            streams[fd] = [name, bytearray(), 0, limit]
            sel.register(fd, selectors.EVENT_READ)
        if result_r >= 0:
            os.set_blocking(result_r, False)
            streams[result_r] = ["results", bytearray(), 0, 1 << 24]
            sel.register(result_r, selectors.EVENT_READ)
        if worker is not None:
            os.set_blocking(worker[3], False)
            streams[worker[3]] = ["worker", bytearray(), 0, cap]
            sel.register(worker[3], selectors.EVENT_READ)
        finished: list[list[Any]] = []
        deadline = start + timeout
        reason = None
        exited_at = None
        while streams:
            now = time.monotonic()
            if reason is None and now >= deadline:
                reason = "timeout"
                self.kill_all(session=proc.pid)
            if exited_at is None and proc.poll() is not None:
                exited_at = now
            ended = exited_at if exited_at is not None else (deadline if reason else None)
            if ended is not None and now - ended > 0.05:
                # The command is over: what still holds its pipes dies with it (escaping the session
                # or not), and pipes still open after that are abandoned.
                self.kill_all(session=proc.pid)
                if now - ended > 0.5:
                    self.kill_all()
                if now - ended > 2.0:
                    for fd in list(streams):
                        sel.unregister(fd)
                        if fd == result_r or (worker is not None and fd == worker[3]):
                            os.close(fd)
                        finished.append(streams.pop(fd))
                    break
            wait = 0.05 if ended is not None else max(0.0, min(deadline - now, 0.2))
            for key, _ in sel.select(wait):
                fd = key.fd
                try:
                    chunk = os.read(fd, 1 << 16)
                except BlockingIOError:
                    continue
                entry = streams[fd]
                if not chunk:
                    sel.unregister(fd)
                    if fd == result_r or (worker is not None and fd == worker[3]):
                        os.close(fd)
                    finished.append(streams.pop(fd))
                    continue
                room = entry[3] - len(entry[1])
                if room > 0:
                    entry[1] += chunk[:room]
                entry[2] += len(chunk)
                if entry[2] > kill_at and reason is None:
                    reason = "output_limit"
                    self.kill_all(session=proc.pid)
        sel.close()
        for fobj in (proc.stdout, proc.stderr):
            fobj.close()  # type: ignore[union-attr]
        _wait_exited(proc, max(0.0, deadline + 5 - time.monotonic()))
        try:
            code = proc.wait(timeout=max(0.0, deadline + 5 - time.monotonic()))
        except subprocess.TimeoutExpired:
            self.kill_all(session=proc.pid)
            code = proc.wait()
        self.kill_all(session=proc.pid)
        if worker is not None:
            self.kill_all(session=worker[0].pid)
            worker[0].wait()
        out: dict[str, Any] = {"exit_code": code, "duration_s": time.monotonic() - start, "killed": reason}
        for name, data, total, _ in finished:
            out[name] = base64.b64encode(bytes(data)).decode()
            out[name + "_bytes"] = total
        return out

    def _worker_pipes(self) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        """The pipes between a grading run's trusted process and its worker: the worker's ends (read, write, output
        write) and the trusted side's (read, write, output read)."""
        to_worker_r, to_worker_w = os.pipe()
        from_worker_r, from_worker_w = os.pipe()
        out_r, out_w = os.pipe()
        return (to_worker_r, from_worker_w, out_w), (from_worker_r, to_worker_w, out_r)

    def _start_worker(
        self, req: dict[str, Any], rlimits: dict[str, int], env: dict[str, str], ends: tuple[int, int, int]
    ) -> subprocess.Popen[bytes]:
        """Start the untrusted companion of a grading run (``req["worker"]``) as the sandbox uid, on its ends of
        the pipes (``ends``: read, write, output; closed here once it has them): it reads requests from one and
        answers on the other (``CODERL_SERVE_FDS``); its stdout and stderr are the ``worker`` stream."""
        to_worker_r, from_worker_w, out_w = ends
        worker_env = dict(env, CODERL_SERVE_FDS=f"{to_worker_r},{from_worker_w}")
        worker_env.pop("CODERL_RESULT_FD", None)
        argv, preexec = self._launch([str(a) for a in req["worker"]], rlimits, self.uid, worker_env)
        try:
            return subprocess.Popen(
                argv,
                cwd=req.get("worker_cwd", "/workspace"),
                env=worker_env,
                stdin=subprocess.DEVNULL,
                stdout=out_w,
                stderr=out_w,
                pass_fds=(to_worker_r, from_worker_w),
                start_new_session=True,
                preexec_fn=preexec,
            )
        finally:
            for fd in ends:
                os.close(fd)

    def op_put(self, req: dict[str, Any]) -> dict[str, Any]:
        """Unpack a tar of regular files and directories under ``dest`` with the requested owner.

        A path the agent's own files block (a plain file where a directory must go, a full disk) fails
        with ``WorkspaceFault``. A symlink, FIFO, socket or device at a target is replaced, never
        written through: opening a FIFO to write would block the agent until someone reads it.
        """
        dest = Path(req.get("dest", "/workspace"))
        owner = req.get("owner", "user")
        mode_files = req.get("file_mode")
        written = 0
        with self.as_user(owner):
            dest.mkdir(parents=True, exist_ok=True)
            with tarfile.open(fileobj=io.BytesIO(base64.b64decode(req["tar"]))) as tar:
                for member in tar:
                    rel = Path(member.name)
                    if rel.is_absolute() or ".." in rel.parts:
                        raise ValueError(f"unsafe path in archive: {member.name}")
                    target = dest / rel
                    try:
                        if member.isdir():
                            target.mkdir(parents=True, exist_ok=True)
                            continue
                        if not member.isfile():
                            continue
                        target.parent.mkdir(parents=True, exist_ok=True)
                        src = tar.extractfile(member)
                        assert src is not None
                        with contextlib.suppress(FileNotFoundError):
                            kind = os.lstat(target).st_mode
                            if not stat.S_ISREG(kind) and not stat.S_ISDIR(kind):
                                os.unlink(target)
                        mode = int(mode_files, 8) if mode_files else (member.mode & 0o777) or 0o644
                        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_NONBLOCK
                        fd = os.open(target, flags, mode)
                        with os.fdopen(fd, "wb") as f:
                            shutil.copyfileobj(src, f)
                        os.chmod(target, mode)
                    except OSError as exc:
                        raise WorkspaceFault(f"cannot write {member.name}: {_os_reason(exc)}") from exc
                    written += 1
            if req.get("dir_mode"):
                for root, dirs, _ in os.walk(dest):
                    for d in dirs:
                        os.chmod(os.path.join(root, d), int(req["dir_mode"], 8))
                os.chmod(dest, int(req["dir_mode"], 8))
        return {"files": written}

    def op_read(self, req: dict[str, Any]) -> dict[str, Any]:
        """Up to ``max_bytes`` of a regular file. Anything else (a FIFO, whose open or read would block
        the agent; a socket, a device, a directory) is refused before a byte is read."""
        limit = int(req.get("max_bytes", 1 << 20))
        with self.as_user():
            try:
                fd = os.open(req["path"], os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
            except OSError as exc:  # a socket cannot be opened at all (ENXIO)
                if exc.errno != errno.ENXIO:
                    raise
                kind = _file_kind(os.lstat(req["path"]).st_mode)
                raise WorkspaceFault(f"{req['path']}: not a regular file ({kind})") from None
            with open(fd, "rb") as f:
                mode = os.fstat(fd).st_mode
                if stat.S_ISDIR(mode):
                    raise IsADirectoryError(21, "Is a directory", req["path"])
                if not stat.S_ISREG(mode):
                    raise WorkspaceFault(f"{req['path']}: not a regular file ({_file_kind(mode)})")
                os.set_blocking(fd, True)
                data = f.read(limit + 1)
        return {"data": base64.b64encode(data[:limit]).decode(), "truncated": len(data) > limit}

    def op_pack(self, req: dict[str, Any]) -> dict[str, Any]:
        """List a directory: every regular file with its content (hard links included: each path with
        its content), symlinks as links (see ``_pack_tree``). Entries that cannot come back are listed
        in ``skipped``, never dropped silently: FIFOs, sockets and devices, unreadable files and
        directories, and paths whose full name would reach PATH_MAX (they could not be written back).
        More than ``max_bytes`` of content or more than ``max_files`` entries is a ``WorkspaceFault``."""
        root = str(req.get("path", "/workspace"))
        with self.as_user():
            return _pack_tree(root, int(req.get("max_bytes", 1 << 26)), int(req.get("max_files", 1 << 15)))

    def op_reset(self, req: dict[str, Any]) -> dict[str, Any]:
        """Kill every sandbox process, remove the IPC objects they left, then empty the scratch space.

        SysV shared memory, semaphores and message queues live in the container's IPC namespace, not in
        a directory, so emptying the scratch space alone would hand them to the next episode. POSIX
        message queues are files under /dev/mqueue (a scratch directory)."""
        for held in self._held.values():
            self._abandon(held)
        self._held.clear()
        killed = self.kill_all()
        ipc = _remove_sysv_ipc()
        if _GUARD is not None:  # the guard's counters describe one episode
            _GUARD.kills = _GUARD.peak = 0
        for owner in ("user", "root"):
            with self.as_user(owner):
                for directory in self.scratch:
                    _empty_dir(directory)
        left = _remove_as_owners(self.scratch)
        return {"killed": killed, "ipc_removed": ipc, "left": left}


def _remove_entry(path: Path) -> None:
    """Remove one file or directory tree, making unreadable directories readable first."""
    tried: set[str] = set()

    def fix(_func: Any, failed: str, _exc: Any) -> None:
        if failed in tried:
            return
        tried.add(failed)
        for target in (os.path.dirname(failed), failed):
            with contextlib.suppress(OSError):
                os.chmod(target, 0o700)
        with contextlib.suppress(OSError):
            if os.path.isdir(failed) and not os.path.islink(failed):
                shutil.rmtree(failed, onerror=fix)
            else:
                os.unlink(failed)

    with contextlib.suppress(OSError):
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, onerror=fix)
        else:
            path.unlink()


def _empty_dir(directory: Path) -> None:
    """Remove everything under ``directory``, making unreadable directories readable first."""
    if not directory.is_dir():
        return
    for entry in list(directory.iterdir()):
        _remove_entry(entry)


# --- containment helpers (no Agent state: they also run in the memory guard's thread) ------------
PATH_MAX = 4096  # Linux: a path of PATH_MAX bytes or more cannot be opened, so it cannot be written back


def _wait_exited(proc: subprocess.Popen[bytes], timeout: float) -> None:
    """Block until ``proc`` has exited or ``timeout`` passes, on a pidfd: ``Popen.wait(timeout)`` polls
    with sleeps from 0.5 ms up, about 1 ms lost on most commands (their pipes close just before they
    can be reaped)."""
    if proc.poll() is not None:
        return
    try:
        fd = os.pidfd_open(proc.pid)
    except (AttributeError, OSError):  # an old kernel or Python: Popen.wait polls instead
        return
    try:
        select.select([fd], [], [], timeout)
    finally:
        os.close(fd)


class HeldProcessGone(Exception):
    """A command held by ``spawn`` exited before its ``resume`` (killed, or it crashed while waiting)."""


class WorkspaceFault(Exception):
    """The agent's own files make a request impossible (a plain file where a directory must go, a full
    disk, a FIFO to read, too many files). The host raises ``coderl.sandbox.WorkspaceError`` for it."""


def _os_reason(exc: OSError) -> str:
    return f"{type(exc).__name__}: {exc.strerror or exc}"


def _file_kind(mode: int) -> str:
    for test, name in (
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISLNK, "a symbolic link"),
        (stat.S_ISDIR, "a directory"),
    ):
        if test(mode):
            return name
    return "not a regular file"


@contextlib.contextmanager
def _as_euid(uid: int) -> Iterator[None]:
    """Run a block with effective uid ``uid`` (the owner of what it removes): without CAP_FOWNER or
    CAP_IPC_OWNER, only an object's owner may delete it. Unprivileged agents stay who they are."""
    if os.geteuid() != 0 or uid == 0:
        yield
        return
    try:
        os.seteuid(uid)
    except OSError:
        yield
        return
    try:
        yield
    finally:
        os.seteuid(0)


def _remove_as_owners(directories: list[Path]) -> list[str]:
    """Remove what is left in ``directories`` as each entry's owner (sticky scratch directories keep
    another uid's files from the sandbox uid and from a capability-less root); returns what remains."""
    left: list[str] = []
    for directory in directories:
        if not directory.is_dir():
            continue
        for entry in list(directory.iterdir()):
            with contextlib.suppress(OSError), _as_euid(os.lstat(entry).st_uid):
                _remove_entry(entry)
        left += [str(p) for p in directory.iterdir()]
    return left


def _sysv_table(kind: str) -> list[dict[str, int]]:
    """Rows of /proc/sysvipc/{shm,sem,msg} by column name (``id`` is the object's identifier)."""
    try:
        lines = Path(f"/proc/sysvipc/{kind}").read_text().splitlines()
    except OSError:
        return []
    if not lines:
        return []
    columns = lines[0].split()
    columns[1] = "id"
    rows = []
    for line in lines[1:]:
        with contextlib.suppress(ValueError):
            rows.append(dict(zip(columns, (int(v) for v in line.split()), strict=False)))
    return rows


def _remove_sysv_ipc() -> int:
    """IPC_RMID every SysV shared memory segment, semaphore set and message queue of the container's
    IPC namespace, as each object's creator (creator and owner may remove it). Returns how many went."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
    except (ImportError, OSError):
        return 0
    rmid = 0
    calls = {
        "shm": lambda i: libc.shmctl(i, rmid, None),
        "sem": lambda i: libc.semctl(i, 0, rmid),
        "msg": lambda i: libc.msgctl(i, rmid, None),
    }
    removed = 0
    for kind, remove in calls.items():
        for row in _sysv_table(kind):
            with _as_euid(row.get("cuid", 0)):
                removed += remove(row["id"]) == 0
    return removed


def _pack_tree(root: str, max_bytes: int, max_files: int) -> dict[str, Any]:
    """The listing behind ``op_pack``: ``files`` as [relative path, base64 content] pairs, ``links``
    (symlinks, never followed), ``skipped``. Directories are opened relative to their parent's
    descriptor, so depth never makes a path unopenable and a swapped-in symlink is never followed. No
    tar: tarfile's per-member Python cost (about 50 us on each side) made 20,000 files take 2 s."""
    files: list[list[str]] = []
    links: list[str] = []
    skipped: list[str] = []
    total = count = 0
    prefix = len(os.fsencode(root)) + 1
    top = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    stack: list[tuple[int, str, Iterator[str]]] = []

    def enter(fd: int, rel: str) -> None:
        try:
            names = sorted(os.listdir(fd))
        except OSError:
            os.close(fd)
            skipped.append(rel)
            return
        stack.append((fd, rel, iter(names)))

    try:
        enter(top, "")
        while stack:
            dfd, rel_dir, names = stack[-1]
            name = next(names, None)
            if name is None:
                os.close(dfd)
                stack.pop()
                continue
            rel = f"{rel_dir}/{name}" if rel_dir else name
            count += 1
            if count > max_files:
                raise WorkspaceFault(f"{root} holds more than {max_files} files and directories")
            try:
                st = os.stat(name, dir_fd=dfd, follow_symlinks=False)
            except OSError:
                skipped.append(rel)
                continue
            if prefix + len(os.fsencode(rel)) >= PATH_MAX:
                skipped.append(rel)  # could not be written back: its full path reaches PATH_MAX
                continue
            if stat.S_ISDIR(st.st_mode):
                try:
                    child = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=dfd)
                except OSError:
                    skipped.append(rel)
                    continue
                enter(child, rel)
                continue
            if stat.S_ISLNK(st.st_mode):
                links.append(rel)
                continue
            if not stat.S_ISREG(st.st_mode):
                skipped.append(rel)
                continue
            try:
                fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=dfd)
            except OSError:
                skipped.append(rel)
                continue
            with open(fd, "rb") as f:
                if not stat.S_ISREG(os.fstat(fd).st_mode):
                    skipped.append(rel)
                    continue
                data = f.read(min(st.st_size, max_bytes - total) + 1)  # + 1: sees a file over the cap
            total += len(data)
            if total > max_bytes:
                raise WorkspaceFault(f"{root} holds more than {max_bytes} bytes of files")
            files.append([rel, base64.b64encode(data).decode()])  # a hard link is a file of its own here
    finally:
        for fd, _, _ in stack:
            os.close(fd)
    return {"files": files, "links": links, "skipped": skipped, "bytes": total, "entries": count}


def _memory_of(pid: str) -> tuple[int, int] | None:
    """(real uid, resident anonymous + shared-memory bytes) of a process, or None if it is gone."""
    try:
        with open(f"/proc/{pid}/status", "rb") as f:
            status = f.read()
    except OSError:
        return None
    uid = rss = 0
    for line in status.split(b"\n"):
        if line.startswith(b"Uid:"):
            uid = int(line.split()[1])
        elif line.startswith((b"RssAnon:", b"RssShmem:")):
            rss += int(line.split()[1]) << 10
    return uid, rss


class MemoryGuard(threading.Thread):
    """Bounds the memory of all sandbox processes together where cgroups do not (rootless Podman on
    cgroup v1): every ``interval`` s it sums the resident anonymous and shared memory of every non-root
    process plus unattached SysV segments and queued messages, and while the sum exceeds ``limit`` it
    SIGKILLs the largest processes first, as the kernel's OOM killer would.

    A polled bound, not a cgroup: a burst inside one interval can overshoot (each process is still held
    by RLIMIT_AS), and copy-on-write pages shared after fork count once per process, so it errs early.
    It never changes credentials (set*id calls apply to every thread); it reads world-readable /proc
    files and signals with CAP_KILL.
    """

    def __init__(self, limit: int, interval: float = 0.05, exempt_uid: int | None = None) -> None:
        super().__init__(name="coderl-memory-guard", daemon=True)
        self.limit = limit
        self.exempt_uid = exempt_uid  # the grader's trusted test process: neither counted nor killed
        self.interval = interval
        self.kills = 0
        self.peak = 0
        self.stop = threading.Event()

    def usage(self) -> tuple[int, list[tuple[int, int]]]:
        """Bytes in use by sandbox processes and IPC objects, and (bytes, pid) of each process."""
        procs: list[tuple[int, int]] = []
        me = os.getpid()
        for entry in os.scandir("/proc"):
            if entry.name.isdigit() and int(entry.name) != me:
                found = _memory_of(entry.name)
                if found is not None and found[0] not in (0, self.exempt_uid):
                    procs.append((found[1], int(entry.name)))
        ipc = sum(r.get("rss", 0) for r in _sysv_table("shm") if r.get("nattch", 0) == 0)
        ipc += sum(r.get("cbytes", 0) for r in _sysv_table("msg"))
        return sum(p for p, _ in procs) + ipc, procs

    def run(self) -> None:
        while not self.stop.wait(self.interval):
            try:
                used, procs = self.usage()
                self.peak = max(self.peak, used)
                if used <= self.limit:
                    continue
                for rss, pid in sorted(procs, reverse=True):
                    with contextlib.suppress(OSError):
                        os.kill(pid, signal.SIGKILL)
                        self.kills += 1
                    used -= rss
                    if used <= self.limit:
                        break
            except Exception:  # the guard must outlive any /proc race
                continue


_GUARD: MemoryGuard | None = None


def op_memory(agent: Agent, req: dict[str, Any]) -> dict[str, Any]:
    """The memory guard's limit, kills and peak (bytes); the counters restart when ``reset`` is set."""
    guard = _GUARD
    if guard is None:
        return {"limit": None, "kills": 0, "peak": 0, "used": 0}
    used = guard.usage()[0]
    out = {"limit": guard.limit, "kills": guard.kills, "peak": max(guard.peak, used), "used": used}
    if req.get("reset"):
        guard.kills = guard.peak = 0
    return out


def start_memory_guard(settings: dict[str, Any]) -> None:
    """Start the guard when the host asks for one (``settings["memory_guard"]``: bytes)."""
    global _GUARD
    limit = settings.get("memory_guard")
    if limit and _GUARD is None:
        grader = settings.get("grader_uid", int(settings.get("uid", 0)) + 1)
        _GUARD = MemoryGuard(int(limit), float(settings.get("memory_guard_interval", 0.05)), int(grader))
        _GUARD.start()


_EXTRA_OPS = {"memory": op_memory}


def serve(settings: dict[str, Any], inp: BinaryIO, out: BinaryIO) -> None:
    """Answer requests until the stream ends; a failing request gets an error reply, never a crash."""
    agent = Agent(settings)
    start_memory_guard(settings)
    while True:
        try:
            req = read_frame(inp)
        except (ValueError, json.JSONDecodeError) as exc:
            out.write(encode_frame({"id": None, "ok": False, "error": f"bad frame: {exc}"}))
            out.flush()
            return
        if req is None:
            return
        handler = getattr(agent, f"op_{req.get('op')}", None)
        if handler is None and req.get("op") in _EXTRA_OPS:
            handler = functools.partial(_EXTRA_OPS[req["op"]], agent)
        try:
            if handler is None:
                raise ValueError(f"unknown op {req.get('op')!r}")
            reply = {"id": req.get("id"), "ok": True, **handler(req)}
        except Exception as exc:
            reply = {"id": req.get("id"), "ok": False, "error": f"{type(exc).__name__}: {exc}"}
        out.write(encode_frame(reply))
        out.flush()


def main() -> None:
    settings = json.loads(sys.argv[1]) if len(sys.argv) > 1 else {}
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # stray prints must never corrupt the frame stream
    # A command that closes its stdin before reading what the agent writes there must not kill the agent:
    # the write raises BrokenPipeError instead (suppressed in op_exec). Commands get SIGPIPE's default
    # back (subprocess's restore_signals); if the host closes the stream, writing the reply raises and
    # the agent ends.
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    serve(settings, sys.stdin.buffer, out)
    if settings.get("end_with_stream"):
        end_container()


def end_container() -> None:
    """The host closed the stream (its process ended, however it ended: a SIGKILL too): stop every other
    process of the container. The idle main process dies with them, so the container stops, and Podman
    removes a container created with ``--rm`` (see ``PodmanEngine.create``): nothing outlives its owner."""
    with contextlib.suppress(OSError):
        os.kill(-1, signal.SIGKILL)  # every process but this one and the container's init


if __name__ == "__main__":
    main()
