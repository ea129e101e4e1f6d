"""A pool of warm sandboxes with an asyncio API: acquire for an episode, reset on release.

The pool keeps its size: a sandbox that dies, hangs or fails its reset is removed and replaced, and the
episode that held it gets a SandboxError. Containers carry an owner label, so a pool that starts after
a killed one removes what that one left behind.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

from coderl.sandbox.config import SandboxConfig
from coderl.sandbox.podman import PodmanEngine
from coderl.sandbox.sandbox import Sandbox, SandboxError

__all__ = ["SandboxPool", "open_sandbox"]

log = logging.getLogger("coderl.sandbox")


async def open_sandbox(engine: PodmanEngine, name: str, *, pool: str, slot: int) -> Sandbox:
    """Create a container, start its agent (as a uid of its own, see ``PodmanEngine.lease_uid``) and
    check that it answers. ``slot`` only names the sandbox's place in its pool."""
    container_id = await asyncio.to_thread(engine.create, name, pool=pool)
    try:
        settings = engine.agent_settings(await asyncio.to_thread(engine.lease_uid, container_id))
        argv = engine.agent_command(container_id, settings)
        process = await asyncio.create_subprocess_exec(
            *argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
            env=engine.env(),
            cwd="/",
            limit=1 << 20,
        )
        sandbox = Sandbox(name, container_id, process, engine.config, slot)
        await sandbox.ping()
        return sandbox
    except BaseException:
        await asyncio.to_thread(engine.remove, [container_id])  # frees the uid too
        raise


class SandboxPool:
    """``size`` warm sandboxes. Use ``async with pool.sandbox(files) as sbx`` for one episode."""

    def __init__(
        self,
        config: SandboxConfig | None = None,
        size: int = 4,
        engine: PodmanEngine | None = None,
        spare_fresh: int = 2,
    ) -> None:
        if size < 1:
            raise ValueError(f"pool size must be >= 1, got {size}")
        self.config = config or (engine.config if engine else SandboxConfig())
        self.size = size
        self._engine = engine
        self._own_engine = engine is None
        self.pool_id = uuid.uuid4().hex[:10]
        self._ready: asyncio.Queue[Sandbox] = asyncio.Queue()
        self._all: dict[int, Sandbox] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._fresh_count = 0
        self.spare_fresh = spare_fresh
        self._spares: asyncio.Queue[Sandbox] = asyncio.Queue()
        self._spares_wanted = 0
        self._all_fresh: set[Sandbox] = set()
        self._preparer: Callable[[Sandbox], Awaitable[None]] | None = None
        self._spare_changed = asyncio.Event()  # set when a spare is ready or its preparation ended
        self.stats = {"created": 0, "replaced": 0, "resets": 0, "leftovers_removed": 0}
        self._closed = False

    @property
    def engine(self) -> PodmanEngine:
        if self._engine is None:
            raise RuntimeError("pool not started")
        return self._engine

    async def __aenter__(self) -> SandboxPool:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def start(self) -> None:
        """Remove leftovers of dead owners, then create every sandbox concurrently."""
        if self._engine is None:
            self._engine = await asyncio.to_thread(PodmanEngine, self.config)
        engine = self._engine
        if not engine.limits_enforced:
            log.warning(
                "cgroup limits are not enforced (rootless Podman on cgroup v1): each process is held by ulimits, "
                "all of a sandbox's processes together by the agent's memory guard (polled) and a uid of its own "
                "(RLIMIT_NPROC); there is NO CPU core quota. Run `coderl sandbox check` for measured limits"
            )
        self.stats["leftovers_removed"] = await asyncio.to_thread(engine.remove_leftovers)
        sandboxes = await asyncio.gather(*(self._spawn(slot) for slot in range(self.size)), return_exceptions=True)
        errors = [s for s in sandboxes if isinstance(s, BaseException)]
        if errors:
            await self.close()
            raise errors[0]

    async def _spawn(self, slot: int) -> Sandbox:
        sandbox = await open_sandbox(
            self.engine, f"coderl-{self.pool_id}-{slot}-{self.stats['created']}", pool=self.pool_id, slot=slot
        )
        self.stats["created"] += 1
        self._all[slot] = sandbox
        await self._ready.put(sandbox)
        return sandbox

    async def _discard(self, sandbox: Sandbox) -> None:
        await sandbox.close()
        await asyncio.to_thread(self.engine.remove, [sandbox.container_id])

    async def _replace(self, sandbox: Sandbox) -> None:
        log.warning("replacing sandbox %s", sandbox.name)
        await self._discard(sandbox)
        if self._closed:
            return
        self.stats["replaced"] += 1
        for attempt in range(3):
            try:
                await self._spawn(sandbox.slot)
                return
            except Exception as exc:
                log.error("could not replace sandbox slot %d (attempt %d): %s", sandbox.slot, attempt + 1, exc)
                await asyncio.sleep(0.5 * (attempt + 1))

    def _background(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def acquire(self) -> Sandbox:
        """The next ready sandbox (waits while all are busy)."""
        if self._closed:
            raise RuntimeError("pool is closed")
        while True:
            sandbox = await self._ready.get()
            if sandbox.alive:
                return sandbox
            self._background(self._replace(sandbox))

    async def release(self, sandbox: Sandbox) -> None:
        """Reset and return a sandbox; a dead or unresettable one is replaced instead."""
        if self._closed:
            return
        if sandbox.alive:
            try:
                await sandbox.reset()
                self.stats["resets"] += 1
                sandbox.episodes += 1
                await self._ready.put(sandbox)
                return
            except (SandboxError, RuntimeError) as exc:
                log.warning("reset of %s failed: %s", sandbox.name, exc)
                sandbox.alive = False
        self._background(self._replace(sandbox))

    @contextlib.asynccontextmanager
    async def sandbox(self, files: Mapping[str, bytes | str] | Path | None = None) -> AsyncIterator[Sandbox]:
        """A sandbox for one episode, with ``files`` put into /workspace; released when the block ends."""
        sandbox = await self.acquire()
        try:
            if files is not None:
                await sandbox.write_files(files)
            yield sandbox
        finally:
            await self.release(sandbox)

    async def _open_fresh(self) -> Sandbox:
        self._fresh_count += 1
        slot = self.size + self._fresh_count % 1000
        return await open_sandbox(
            self.engine, f"coderl-{self.pool_id}-fresh-{self._fresh_count}", pool=self.pool_id, slot=slot
        )

    def set_fresh_preparer(self, preparer: Callable[[Sandbox], Awaitable[None]], spares: int) -> None:
        """Keep ``spares`` fresh sandboxes ready, each passed through ``preparer`` before it is handed out
        (the grader starts its test process there, see ``coderl.grade``), and remove used ones in the
        background, so that ``fresh()`` waits for neither. Preparing is best effort: a sandbox whose
        preparer failed is dropped, and one taken before it was prepared has an empty ``prepared``."""
        changed = preparer is not self._preparer
        self._preparer = preparer
        self.spare_fresh = spares
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # no running loop: the first fresh() fills the spares
            return
        if changed:  # spares made ready for another preparer are of no use now
            while not self._spares.empty():
                stale = self._spares.get_nowait()
                self._all_fresh.discard(stale)
                self._background(self._discard(stale))
        self._refill_spares()

    async def _add_spare(self) -> None:
        preparer = self._preparer
        try:
            sandbox = await self._open_fresh()
            if preparer is not None:
                try:
                    await preparer(sandbox)
                except BaseException:
                    await self._discard(sandbox)
                    raise
        except Exception as exc:  # a spare is an optimization: fresh() makes one itself if none is ready
            log.warning("could not prepare a spare fresh sandbox: %s", exc)
            return
        finally:
            self._spares_wanted -= 1
            self._spare_changed.set()  # wakes fresh() waiting for a spare (also when this one failed)
        if self._closed or preparer is not self._preparer:
            await self._discard(sandbox)
            self._refill_spares()
        else:
            self._all_fresh.add(sandbox)
            self._spares.put_nowait(sandbox)
            self._spare_changed.set()

    def _take_spare(self) -> Sandbox | None:
        while not self._spares.empty():
            candidate = self._spares.get_nowait()
            self._all_fresh.discard(candidate)
            if candidate.connected:
                return candidate
            self._background(self._discard(candidate))
        return None

    def _refill_spares(self) -> None:
        while not self._closed and self._spares.qsize() + self._spares_wanted < self.spare_fresh:
            self._spares_wanted += 1
            self._background(self._add_spare())

    @contextlib.asynccontextmanager
    async def fresh(self) -> AsyncIterator[Sandbox]:
        """A never-used sandbox outside the pool, removed afterwards (the grader's clean room). Up to
        ``spare_fresh`` are prepared in the background, so a grade does not wait for a container. With
        a preparer set (``set_fresh_preparer``) the sandbox is removed in the background once the block
        ends; otherwise before the block's exit returns."""
        sandbox = self._take_spare()
        if sandbox is None or self._preparer is None:
            self._refill_spares()
        # With a preparer, wait for a spare under way rather than make one more container beside it:
        # on a busy machine the extra container only slows the ones being prepared.
        while sandbox is None and self._preparer is not None and self._spares_wanted > 0 and not self._closed:
            self._spare_changed.clear()
            await self._spare_changed.wait()
            sandbox = self._take_spare()
            self._refill_spares()
        if sandbox is None:
            if self._closed:
                raise RuntimeError("pool is closed")
            sandbox = await self._open_fresh()
        try:
            yield sandbox
        finally:
            if self._preparer is not None and not self._closed:
                sandbox.alive = False  # used once: nothing may reach it while it is being removed
                self._background(self._discard(sandbox))
                # Replaced only now: making a container beside the block would take CPU from it (a
                # grade of ~0.1 s on a loaded machine felt every container start next to it).
                self._refill_spares()
            else:
                await self._discard(sandbox)

    async def close(self) -> None:
        """Remove every container of this pool and stop the engine if the pool made it."""
        self._closed = True
        for task in list(self._tasks):
            with contextlib.suppress(BaseException):
                await task
        if self._engine is not None:
            for sandbox in [*self._all.values(), *self._all_fresh]:
                await sandbox.close()
            with contextlib.suppress(Exception):
                ids = [
                    c["id"]
                    for c in await asyncio.to_thread(self.engine.list_sandboxes)
                    if c["labels"].get("coderl.sandbox.pool") == self.pool_id
                ]
                await asyncio.to_thread(self.engine.remove, ids)
            if self._own_engine:
                await asyncio.to_thread(self.engine.close)
