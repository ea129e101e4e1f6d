"""A real sandbox pool on its own event loop, so plain synchronous tests can drive it."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

from coderl.sandbox import ExecResult, Sandbox, SandboxConfig, SandboxPool

T = TypeVar("T")
TASKS = Path(__file__).parent / "data" / "tasks"

# The installed console script: ``python -m coderl`` from the repository root would import the source
# tree (without the compiled extension) instead of the installed package.
CODERL = str(Path(sys.executable).with_name("coderl"))


_STRAYS = """
import os
me = os.getsid(0)
for pid in filter(str.isdigit, os.listdir("/proc")):
    try:
        uid = int(open(f"/proc/{pid}/status").read().split("\\nUid:")[1].split()[0])
        if uid == os.getuid() and os.getsid(int(pid)) != me:
            print(open(f"/proc/{pid}/cmdline").read().replace("\\0", " "))
    except (OSError, IndexError):
        pass
"""


def stray_processes(sandbox: Sandbox) -> Awaitable[ExecResult]:
    """Command lines of sandbox-uid processes outside the probing command's own session."""
    return sandbox.run(["python3", "-c", _STRAYS])


class LivePool:
    """``run(coro)`` runs a coroutine on the pool's loop; ``episode(fn)`` runs ``fn(sandbox)`` in one episode."""

    def __init__(self, size: int = 2, config: SandboxConfig | None = None) -> None:
        self.loop = asyncio.new_event_loop()
        self.pool = SandboxPool(config or SandboxConfig(timeout_s=20), size=size)
        self.run(self.pool.start())

    def run(self, coro: Awaitable[T]) -> T:
        return self.loop.run_until_complete(coro)

    def episode(self, fn: Callable[[Sandbox], Awaitable[T]], files: Any = None) -> T:
        async def go() -> T:
            async with self.pool.sandbox(files) as sandbox:
                return await fn(sandbox)

        return self.run(go())

    def sh(self, cmd: str, **kwargs: Any) -> Any:
        """Run one command in a fresh episode."""
        return self.episode(lambda s: s.run(cmd, **kwargs))

    def close(self) -> None:
        self.run(self.pool.close())
        self.loop.close()


def own_sandboxes_left() -> list[dict[str, Any]]:
    """The containers labelled with this process's owner token that still exist: what a module's tests must
    not leave behind once coderl's shared sandboxes are shut down."""
    from coderl.sandbox.podman import PodmanEngine, owner_token

    engine = PodmanEngine(SandboxConfig())
    try:
        return [c for c in engine.list_sandboxes() if c["labels"].get("coderl.owner") == owner_token()]
    finally:
        engine.close()
