"""The agent's tools on a sandbox: what each tool does and exactly how its result reads.

Decoys (``coderl.guard.decoy``) render through the same functions, so a faked result has the same
form as a real one.
"""

from __future__ import annotations

import posixpath
import time
from dataclasses import dataclass

from coderl.action import Action
from coderl.sandbox.sandbox import ExecResult, Sandbox, SandboxError, WorkspaceError

__all__ = [
    "WRITABLE_ROOTS",
    "ToolError",
    "ToolResult",
    "render_exec",
    "resolve_path",
    "run_tool",
]

WORKSPACE = "/workspace"
WRITABLE_ROOTS = ("/workspace", "/tmp")
READ_LIMIT = 256 << 10
# Linux refuses one exec argument of 128 KiB or more (MAX_ARG_STRLEN), so a longer command cannot be
# ``bash -c``'s argument: it goes to bash on stdin instead. Beyond MAX_COMMAND it is refused.
ARGV_COMMAND = 100_000
MAX_COMMAND = 4 << 20
_FROM_STDIN = 'eval "$(cat)"'


class ToolError(ValueError):
    """An action the tool cannot carry out as asked (bad path...); becomes an error observation."""


@dataclass(frozen=True)
class ToolResult:
    """What the agent sees (``observation``) and how the tool ended."""

    observation: str
    exit_code: int
    duration_s: float = 0.0
    timed_out: bool = False


def resolve_path(path: str) -> str:
    """An absolute, normalized path; relative paths are inside /workspace."""
    if not path or "\x00" in path:
        raise ToolError("a path must be a non-empty string without NUL bytes")
    full = posixpath.normpath(path if path.startswith("/") else posixpath.join(WORKSPACE, path))
    return "/" + full.lstrip("/")


def _split_writable(full: str) -> tuple[str, str]:
    for root in WRITABLE_ROOTS:
        if full.startswith(root + "/"):
            return root, full[len(root) + 1 :]
    raise ToolError(f"{full}: Read-only file system (write inside {' or '.join(WRITABLE_ROOTS)})")


def render_exec(stdout: str, stderr: str, exit_code: int, duration_s: float = 0.0) -> ToolResult:
    """A bash result as the agent sees it (the same rendering as a real command)."""
    result = ExecResult(exit_code, stdout, stderr, duration_s, False, False, len(stdout), len(stderr))
    return ToolResult(result.observation(), exit_code, duration_s)


def written(path: str, size: int) -> ToolResult:
    return ToolResult(f"Wrote {size} bytes to {path}", 0)


def edited(path: str) -> ToolResult:
    return ToolResult(f"Edited {path}", 0)


def missing(path: str) -> ToolResult:
    return ToolResult(f"Error: {path}: No such file or directory", 1)


def _read_error(path: str, exc: Exception) -> ToolResult:
    text = str(exc)
    if "FileNotFoundError" in text:
        return missing(path)
    if "PermissionError" in text:
        return ToolResult(f"Error: {path}: Permission denied", 1)
    if "IsADirectoryError" in text:
        return ToolResult(f"Error: {path}: Is a directory", 1)
    if "ELOOP" in text or "Too many levels" in text:
        return ToolResult(f"Error: {path}: is a symbolic link (read its target instead)", 1)
    if "not a regular file" in text:
        kind = text.rsplit("(", 1)[-1].rstrip(")") if "(" in text else "not a regular file"
        return ToolResult(f"Error: {path}: is {kind}, not a regular file; only regular files can be read", 1)
    return ToolResult(f"Error: {path}: cannot be read", 1)


def _write_error(path: str, exc: RuntimeError) -> ToolResult:
    """A write the agent's own files prevent (a plain file where a directory must go, a full disk...)."""
    reason = str(exc).rsplit("failed: ", 1)[-1]
    reason = reason.split(": ", 1)[-1] if reason.startswith(("WorkspaceFault", "OSError")) else reason
    return ToolResult(f"Error: {path}: cannot be written ({reason})", 1)


async def _bash(sandbox: Sandbox, command: str, timeout: float | None) -> ToolResult:
    """Run a bash command of any size the sandbox accepts; a command bash cannot take is an observation."""
    if "\x00" in command:
        return ToolResult("bash: the command contains a NUL byte, which a command line cannot hold", 2)
    # Lone surrogates (from JSON escapes) cannot be encoded for exec; pass their bytes through unchanged.
    command = command.encode("utf-8", "surrogatepass").decode("utf-8", "surrogateescape")
    size = len(command.encode("utf-8", "surrogateescape"))
    if size > MAX_COMMAND:
        return ToolResult(
            f"bash: the command is {size} bytes; commands are limited to {MAX_COMMAND} bytes "
            "(write long content with write_file, then run it)",
            2,
        )
    try:
        if size < ARGV_COMMAND:
            r = await sandbox.run(command, timeout=timeout)
        else:
            data = command.encode("utf-8", "surrogateescape")
            r = await sandbox.run(["/bin/bash", "-c", _FROM_STDIN], timeout=timeout, stdin=data)
    except SandboxError:
        raise
    except RuntimeError as exc:  # the agent could not start it (e.g. no process left): not an engine fault
        return ToolResult(f"bash: the command could not be started: {str(exc).rsplit('failed: ', 1)[-1]}", 126)
    return ToolResult(r.observation() + await _memory_note(sandbox, r), r.exit_code, r.duration_s, r.timed_out)


async def _memory_note(sandbox: Sandbox, result: ExecResult) -> str:
    """Where the memory guard stands in for cgroups, say when it killed something: a SIGKILL alone does
    not tell the agent why. One extra request, only after a command that died of SIGKILL (-9, or 137
    when bash reports a child's)."""
    if result.exit_code not in (-9, 128 + 9) or result.timed_out or result.output_limited:
        return ""
    try:
        memory = await sandbox.memory(reset=True)
    except RuntimeError:
        return ""
    if not memory.get("limit") or not memory.get("kills"):
        return ""
    return f"\n[coderl: out of memory: the sandbox's processes together exceeded {int(memory['limit']) >> 20} MiB]"


def _text(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


async def run_tool(sandbox: Sandbox, action: Action, *, timeout: float | None = None) -> ToolResult:
    """Carry out one action in the sandbox. Raises SandboxError only if the sandbox itself fails."""
    start = time.perf_counter()
    tool = action.tool
    try:
        if tool == "bash":
            return await _bash(sandbox, action.text("command"), timeout)
        if tool == "submit":
            return ToolResult("Submitted.", 0)
        full = resolve_path(action.text("path"))
        if tool == "read_file":
            try:
                data = await sandbox.read_file(full, READ_LIMIT)
            except RuntimeError as exc:
                return _read_error(full, exc)
            more = "\n[coderl: file truncated]" if len(data) >= READ_LIMIT else ""
            return ToolResult(_text(data) + more, 0, time.perf_counter() - start)
        root, rel = _split_writable(full)
        if tool == "write_file":
            content = action.text("content").encode("utf-8", "surrogatepass")
            try:
                await sandbox.write_files({rel: content}, root)
            except WorkspaceError as exc:
                return _write_error(full, exc)
            return ToolResult(written(full, len(content)).observation, 0, time.perf_counter() - start)
        if tool == "edit_file":
            try:
                text = _text(await sandbox.read_file(full, 16 << 20))
            except RuntimeError as exc:
                return _read_error(full, exc)
            old, new = action.text("old"), action.text("new")
            count = text.count(old) if old else 0
            if count != 1:
                what = "was not found" if count == 0 else f"occurs {count} times (give more context)"
                return ToolResult(f"Error: the text to replace {what} in {full}", 1, time.perf_counter() - start)
            try:
                await sandbox.write_files({rel: text.replace(old, new, 1).encode("utf-8", "surrogatepass")}, root)
            except WorkspaceError as exc:
                return _write_error(full, exc)
            return ToolResult(edited(full).observation, 0, time.perf_counter() - start)
    except ToolError as exc:
        return ToolResult(f"Error: {exc}", 1, time.perf_counter() - start)
    raise ToolError(f"unknown tool {tool!r}")
