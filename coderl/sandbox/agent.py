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
import io
import json
import os
import resource
import selectors
import shutil
import signal
import stat
import struct
import subprocess
import sys
import tarfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

HEADER = struct.Struct(">I")
MAX_FRAME = 1 << 30
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
        self.scratch = [Path(p) for p in settings.get("scratch", ["/workspace", "/tmp"])]
        self.rlimits = {k: int(v) for k, v in settings.get("rlimits", {}).items()}

    # --- identity -------------------------------------------------------------------------------
    @contextlib.contextmanager
    def as_user(self, owner: str = "user") -> Iterator[None]:
        """Run a block with the sandbox uid as effective uid (file ops can't exceed its rights)."""
        if self.uid is None or owner == "root":
            yield
            return
        os.setegid(self.gid)  # type: ignore[arg-type]
        os.seteuid(self.uid)
        try:
            yield
        finally:
            os.seteuid(0)
            os.setegid(0)

    def _child_setup(self, rlimits: dict[str, int]) -> None:
        for name, value in rlimits.items():
            resource.setrlimit(_RLIMITS[name], (value, value))
        if self.uid is not None and self.gid is not None:
            os.setgroups([])
            os.setresgid(self.gid, self.gid, self.gid)
            os.setresuid(self.uid, self.uid, self.uid)
        os.umask(0o022)

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
            yield int(entry.name), int(uid_line), int(fields[4])

    def kill_all(self, session: int | None = None) -> int:
        """SIGKILL every sandbox-uid process (or one session's); returns how many were signalled."""
        me = os.getpid()
        killed = 0
        for _ in range(50):
            targets = [
                pid
                for pid, uid, sid in self._processes()
                if pid != me
                and (session is None or sid == session)
                and ((self.uid is None and session is not None) or uid == self.uid)
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
        cmd = req["cmd"]
        argv = ["/bin/bash", "-c", cmd] if isinstance(cmd, str) else [str(a) for a in cmd]
        timeout = float(req.get("time_limit", 30.0))
        cap = int(req.get("max_output", 1 << 16))
        kill_at = int(req.get("kill_output", 1 << 26))
        rlimits = dict(self.rlimits)
        if "cpu" in rlimits:
            rlimits["cpu"] = max(1, int(timeout) + 1)
        env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/tmp", "LANG": "C.UTF-8", "PYTHONUNBUFFERED": "1"}
        env.update({str(k): str(v) for k, v in req.get("env", {}).items()})
        result_r = result_w = -1
        pass_fds: tuple[int, ...] = ()
        if req.get("result_channel"):
            result_r, result_w = os.pipe()
            env["CODERL_RESULT_FD"] = str(result_w)
            pass_fds = (result_w,)
        stdin_data = base64.b64decode(req["stdin"]) if req.get("stdin") else None
        start = time.monotonic()
        proc = subprocess.Popen(
            argv,
            cwd=req.get("cwd", "/workspace"),
            env=env,
            stdin=subprocess.PIPE if stdin_data is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            pass_fds=pass_fds,
            start_new_session=True,
            preexec_fn=lambda: self._child_setup(rlimits),
        )
        if result_w >= 0:
            os.close(result_w)
        if stdin_data is not None:
            assert proc.stdin is not None
            with contextlib.suppress(BrokenPipeError):
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
                        if fd == result_r:
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
                    if fd == result_r:
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
        try:
            code = proc.wait(timeout=max(0.0, deadline + 5 - time.monotonic()))
        except subprocess.TimeoutExpired:
            self.kill_all(session=proc.pid)
            code = proc.wait()
        self.kill_all(session=proc.pid)
        out: dict[str, Any] = {"exit_code": code, "duration_s": time.monotonic() - start, "killed": reason}
        for name, data, total, _ in finished:
            out[name] = base64.b64encode(bytes(data)).decode()
            out[name + "_bytes"] = total
        return out

    def op_put(self, req: dict[str, Any]) -> dict[str, Any]:
        """Unpack a tar of regular files and directories under ``dest`` with the requested owner."""
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
                    if member.isdir():
                        target.mkdir(parents=True, exist_ok=True)
                        continue
                    if not member.isfile():
                        continue
                    target.parent.mkdir(parents=True, exist_ok=True)
                    src = tar.extractfile(member)
                    assert src is not None
                    with contextlib.suppress(FileNotFoundError):
                        if stat.S_ISLNK(os.lstat(target).st_mode):
                            os.unlink(target)
                    mode = int(mode_files, 8) if mode_files else (member.mode & 0o777) or 0o644
                    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, mode)
                    with os.fdopen(fd, "wb") as f:
                        shutil.copyfileobj(src, f)
                    os.chmod(target, mode)
                    written += 1
            if req.get("dir_mode"):
                for root, dirs, _ in os.walk(dest):
                    for d in dirs:
                        os.chmod(os.path.join(root, d), int(req["dir_mode"], 8))
                os.chmod(dest, int(req["dir_mode"], 8))
        return {"files": written}

    def op_read(self, req: dict[str, Any]) -> dict[str, Any]:
        limit = int(req.get("max_bytes", 1 << 20))
        with self.as_user(), open(os.open(req["path"], os.O_RDONLY | os.O_NOFOLLOW), "rb") as f:
            data = f.read(limit + 1)
        return {"data": base64.b64encode(data[:limit]).decode(), "truncated": len(data) > limit}

    def op_pack(self, req: dict[str, Any]) -> dict[str, Any]:
        """Tar a directory (regular files, dirs, symlinks as links), refusing more than ``max_bytes``."""
        root = Path(req.get("path", "/workspace"))
        limit = int(req.get("max_bytes", 1 << 26))
        buf = io.BytesIO()
        total = 0
        with self.as_user(), tarfile.open(fileobj=buf, mode="w") as tar:
            for dirpath, dirs, files in os.walk(root):
                dirs.sort()
                for name in sorted(files) + [d for d in dirs if os.path.islink(os.path.join(dirpath, d))]:
                    path = os.path.join(dirpath, name)
                    st = os.lstat(path)
                    if stat.S_ISREG(st.st_mode):
                        total += st.st_size
                        if total > limit:
                            raise ValueError(f"workspace exceeds {limit} bytes")
                    if stat.S_ISREG(st.st_mode) or stat.S_ISLNK(st.st_mode):
                        tar.add(path, arcname=os.path.relpath(path, root), recursive=False)
        return {"tar": base64.b64encode(buf.getvalue()).decode(), "bytes": total}

    def op_reset(self, req: dict[str, Any]) -> dict[str, Any]:
        """Kill every sandbox process, then empty the scratch directories."""
        killed = self.kill_all()
        for owner in ("user", "root"):
            with self.as_user(owner):
                for directory in self.scratch:
                    _empty_dir(directory)
        left = [str(p) for d in self.scratch if d.exists() for p in d.iterdir()]
        return {"killed": killed, "left": left}


def _empty_dir(directory: Path) -> None:
    """Remove everything under ``directory``, making unreadable directories readable first."""
    tried: set[str] = set()

    def fix(_func: Any, path: str, _exc: Any) -> None:
        if path in tried:
            return
        tried.add(path)
        for target in (os.path.dirname(path), path):
            with contextlib.suppress(OSError):
                os.chmod(target, 0o700)
        with contextlib.suppress(OSError):
            if os.path.isdir(path) and not os.path.islink(path):
                shutil.rmtree(path, onerror=fix)
            else:
                os.unlink(path)

    if not directory.is_dir():
        return
    for entry in list(directory.iterdir()):
        with contextlib.suppress(OSError):
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry, onerror=fix)
            else:
                entry.unlink()


def serve(settings: dict[str, Any], inp: BinaryIO, out: BinaryIO) -> None:
    """Answer requests until the stream ends; a failing request gets an error reply, never a crash."""
    agent = Agent(settings)
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
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    serve(settings, sys.stdin.buffer, out)


if __name__ == "__main__":
    main()
