"""One warm sandbox: a container and the single agent stream that every request goes through."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import signal
import time
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from coderl.sandbox.agent import HEADER, MAX_FRAME, encode_frame
from coderl.sandbox.config import SandboxConfig
from coderl.sandbox.files import tar_from_dir, tar_from_files

__all__ = ["ExecResult", "Sandbox", "SandboxError", "WorkspaceError", "truncation_marker"]


class SandboxError(RuntimeError):
    """The sandbox stopped answering (container or agent dead, reply overdue); it must be replaced."""


class WorkspaceError(RuntimeError):
    """A file operation failed because of what the agent made, not because the sandbox failed.

    Examples: a plain file where a directory must go (``write_files`` of a protected file whose directory
    the agent replaced), a full scratch disk, reading a FIFO or a socket, a workspace over the download's
    byte or file-count limit. The sandbox still works; an episode can go on, and a grade built on such a
    workspace is a 0 with the message as its note.
    """


# Errors of the in-container agent's file operations that the agent's files cause (see WorkspaceFault).
_WORKSPACE_CAUSES = (
    "WorkspaceFault:",
    "FileNotFoundError:",
    "FileExistsError:",
    "NotADirectoryError:",
    "IsADirectoryError:",
    "PermissionError:",
    "OSError:",
)
_FILE_OPS = frozenset({"put", "read", "pack"})


def truncation_marker(dropped: int) -> str:
    return f"\n[coderl: output truncated, {dropped} more bytes]\n"


@dataclass(frozen=True)
class ExecResult:
    """What a command did. Output beyond the cap is cut and ends with a marker saying how much."""

    exit_code: int
    stdout: str
    stderr: str
    duration_s: float
    timed_out: bool
    output_limited: bool
    stdout_bytes: int
    stderr_bytes: int
    results: bytes = b""
    worker_output: str = ""

    @property
    def ok(self) -> bool:
        return self.exit_code == 0 and not self.timed_out

    def observation(self) -> str:
        """Stdout and stderr as the agent sees them, with the exit status when it is not 0."""
        text = self.stdout + (self.stderr if not self.stdout or not self.stderr else "\n" + self.stderr)
        if self.timed_out:
            text += "\n[coderl: command timed out and was killed]"
        elif self.output_limited:
            text += "\n[coderl: command killed after producing too much output]"
        elif self.exit_code < 0:
            text += f"\n[killed by {_signal_name(-self.exit_code)}]"
        elif self.exit_code != 0:
            text += f"\n[exit status {self.exit_code}]"
        return text


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _decode(reply: dict[str, Any], name: str) -> tuple[str, int]:
    data = base64.b64decode(reply.get(name, ""))
    total = int(reply.get(name + "_bytes", len(data)))
    text = data.decode("utf-8", errors="replace")
    return (text + truncation_marker(total - len(data)) if total > len(data) else text), total


def _exec_result(reply: dict[str, Any]) -> ExecResult:
    stdout, out_total = _decode(reply, "stdout")
    stderr, err_total = _decode(reply, "stderr")
    return ExecResult(
        exit_code=int(reply["exit_code"]),
        stdout=stdout,
        stderr=stderr,
        duration_s=float(reply["duration_s"]),
        timed_out=reply.get("killed") == "timeout",
        output_limited=reply.get("killed") == "output_limit",
        stdout_bytes=out_total,
        stderr_bytes=err_total,
        results=base64.b64decode(reply.get("results", "")),
        worker_output=_decode(reply, "worker")[0] if "worker" in reply else "",
    )


class Sandbox:
    """A container with a live agent. Requests are serialized; any transport failure marks it dead."""

    def __init__(
        self,
        name: str,
        container_id: str,
        process: asyncio.subprocess.Process,
        config: SandboxConfig,
        slot: int,
    ) -> None:
        self.name = name
        self.container_id = container_id
        self.config = config
        self.slot = slot
        self.alive = True
        self.episodes = 0
        self._process = process
        self._lock = asyncio.Lock()
        self._next_id = 0
        # What a pool's preparer made ready in a fresh sandbox before anyone asked for it (e.g. the
        # grader's held test process: {"grading": handle}); empty for a sandbox made on demand.
        self.prepared: dict[str, Any] = {}

    @property
    def connected(self) -> bool:
        """Alive and its agent stream's process still running (a spare may wait long before its use)."""
        return self.alive and self._process.returncode is None

    async def request(self, op: str, *, timeout: float, **fields: Any) -> dict[str, Any]:
        """Send one request and wait for its reply; raises SandboxError if the agent is gone or late."""
        if not self.alive:
            raise SandboxError(f"sandbox {self.name} is dead")
        async with self._lock:
            self._next_id += 1
            rid = self._next_id
            stdin, stdout = self._process.stdin, self._process.stdout
            assert stdin is not None and stdout is not None
            try:
                stdin.write(encode_frame({"id": rid, "op": op, **fields}))
                await stdin.drain()
                header = await asyncio.wait_for(stdout.readexactly(HEADER.size), timeout)
                (size,) = HEADER.unpack(header)
                if size > MAX_FRAME:
                    raise ValueError(f"reply of {size} bytes")
                body = await asyncio.wait_for(stdout.readexactly(size), timeout)
                reply: dict[str, Any] = json.loads(body)
            except (TimeoutError, asyncio.IncompleteReadError, ConnectionError, ValueError, OSError) as exc:
                self.alive = False
                what = "did not answer in time" if isinstance(exc, TimeoutError) else f"stream failed ({exc!r})"
                raise SandboxError(f"sandbox {self.name}: agent {what} during {op}") from exc
            if reply.get("id") != rid:
                self.alive = False
                raise SandboxError(f"sandbox {self.name}: reply {reply.get('id')} does not match request {rid}")
            if not reply.get("ok"):
                error = str(reply.get("error"))
                if op in _FILE_OPS and error.startswith(_WORKSPACE_CAUSES):
                    raise WorkspaceError(f"sandbox {self.name}: {op} failed: {error}")
                raise RuntimeError(f"sandbox {self.name}: {op} failed: {error}")
            return reply

    def _grace(self, timeout: float) -> float:
        return timeout + self.config.request_grace_s

    async def ping(self) -> dict[str, Any]:
        return await self.request("ping", timeout=self.config.request_grace_s)

    async def run(
        self,
        cmd: str | list[str],
        *,
        timeout: float | None = None,
        cwd: str = "/workspace",
        env: Mapping[str, str] | None = None,
        stdin: bytes | None = None,
        max_output: int | None = None,
        result_channel: bool = False,
        user: str = "user",
        worker: list[str] | None = None,
    ) -> ExecResult:
        """Run a shell command (str) or argv (list); the process tree dies at timeout.

        ``user="grader"`` runs it under the grader's uid instead of the sandbox uid (trusted grading code
        only). ``worker`` starts a companion argv as the sandbox uid, joined to the command by a pair of
        pipes (see ``coderl.grade``); its output comes back in ``ExecResult.worker_output``.
        """
        limit = self.config.timeout_s if timeout is None else timeout
        reply = await self.request(
            "exec",
            timeout=self._grace(limit),
            cmd=cmd,
            time_limit=limit,
            cwd=cwd,
            env=dict(env or {}),
            stdin=base64.b64encode(stdin).decode() if stdin is not None else None,
            max_output=max_output or self.config.max_output,
            kill_output=self.config.kill_output,
            result_channel=result_channel,
            user=user,
            worker=worker,
        )
        return _exec_result(reply)

    async def spawn(
        self,
        cmd: list[str],
        *,
        cpu_limit: float,
        cwd: str = "/workspace",
        env: Mapping[str, str] | None = None,
        result_channel: bool = False,
        user: str = "user",
        worker: list[str] | None = None,
    ) -> int:
        """Start a command (as ``run`` would) and hold it, its stdin open and its output unread, until
        ``resume``; returns its handle. ``cpu_limit`` (seconds) bounds the held processes' CPU time where
        only rlimits hold (the wall-clock limit is given to ``resume``). For work that can start before
        its input exists: the grader's test process imports pytest while no grade needs it yet."""
        reply = await self.request(
            "spawn",
            timeout=self.config.request_grace_s,
            cmd=cmd,
            time_limit=cpu_limit,
            cwd=cwd,
            env=dict(env or {}),
            result_channel=result_channel,
            user=user,
            worker=worker,
        )
        return int(reply["handle"])

    async def resume(
        self, handle: int, *, stdin: bytes | None = None, timeout: float | None = None, max_output: int | None = None
    ) -> ExecResult:
        """Write ``stdin`` to a held command and run it to the end (``timeout`` counts from now).
        Raises RuntimeError when the held command has already exited (the sandbox itself still works)."""
        limit = self.config.timeout_s if timeout is None else timeout
        reply = await self.request(
            "resume",
            timeout=self._grace(limit),
            handle=handle,
            time_limit=limit,
            stdin=base64.b64encode(stdin).decode() if stdin is not None else None,
            max_output=max_output or self.config.max_output,
            kill_output=self.config.kill_output,
        )
        return _exec_result(reply)

    async def write_files(
        self,
        files: Mapping[str, bytes | str] | Path,
        dest: str = "/workspace",
        *,
        owner: str = "user",
        executable: Collection[str] = (),
        **modes: str,
    ) -> int:
        """Copy files (a mapping of relative path to content, or a host directory) under ``dest``; the paths
        in ``executable`` get mode 0755 (a ``file_mode`` given in ``modes`` overrides both)."""
        archive = tar_from_dir(files) if isinstance(files, Path) else tar_from_files(files, executable)
        reply = await self.request(
            "put",
            timeout=self._grace(30),
            tar=base64.b64encode(archive).decode(),
            dest=dest,
            owner=owner,
            **modes,
        )
        return int(reply["files"])

    async def read_file(self, path: str, max_bytes: int = 1 << 20) -> bytes:
        """A file's bytes as the sandbox user may read them (raises RuntimeError if it cannot)."""
        reply = await self.request("read", timeout=self._grace(10), path=path, max_bytes=max_bytes)
        return base64.b64decode(reply["data"])

    async def download(
        self, path: str = "/workspace", max_bytes: int = 1 << 26, max_files: int = 1 << 15
    ) -> tuple[dict[str, bytes], list[str]]:
        """Every regular file under ``path`` (each hard link as a file of its own) and the relative paths
        of entries skipped: symlinks, FIFOs, sockets, devices, unreadable entries, and paths too long to
        write back (PATH_MAX). Raises WorkspaceError beyond ``max_bytes`` of content or ``max_files``
        entries."""
        reply = await self.request("pack", timeout=self._grace(30), path=path, max_bytes=max_bytes, max_files=max_files)
        files: dict[str, bytes] = {}
        skipped = [str(s) for s in (*reply.get("links", ()), *reply.get("skipped", ()))]
        for name, data in reply["files"]:
            rel = PurePosixPath(name)
            if rel.is_absolute() or ".." in rel.parts or not rel.parts:
                skipped.append(name)
            else:
                files[rel.as_posix()] = base64.b64decode(data)
        return files, sorted(skipped)

    async def reset(self) -> float:
        """Kill every sandbox process and empty the scratch space; returns seconds taken."""
        start = time.perf_counter()
        reply = await self.request("reset", timeout=self._grace(10))
        if reply.get("left"):
            self.alive = False
            raise SandboxError(f"sandbox {self.name}: reset left {reply['left'][:5]}")
        return time.perf_counter() - start

    async def memory(self, *, reset: bool = False) -> dict[str, Any]:
        """The in-container memory guard's view (bytes): ``limit`` (None without a guard: cgroups hold
        memory), ``used`` now, ``peak`` and ``kills`` since the last ``reset=True``."""
        return await self.request("memory", timeout=self.config.request_grace_s, reset=reset)

    async def close(self) -> None:
        """Close the agent stream (the container itself is removed by its owner)."""
        self.alive = False
        proc = self._process
        if proc.stdin is not None:
            with contextlib.suppress(Exception):
                proc.stdin.close()
        if proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(proc.wait(), 5)
