"""The pool's contract on real containers: episodes, reset, faults replaced, no leaks after a kill."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest
from sandboxes import stray_processes

from coderl.sandbox import PodmanEngine, SandboxConfig, SandboxError, SandboxPool

pytestmark = pytest.mark.podman


def test_episode_sees_its_files_and_nothing_of_the_last_one(live_pool):
    async def first(sandbox):
        await sandbox.run("echo leftover > /tmp/mark; mkdir -p /workspace/d && chmod 000 /workspace/d; sleep 600 &")
        return await sandbox.run("cat a.txt; echo; ls /workspace")

    result = live_pool.episode(first, {"a.txt": "alpha", "pkg/b.py": b"x = 1\n"})
    assert result.stdout.split() == ["alpha", "a.txt", "d", "pkg"]

    async def look(sandbox):
        return await sandbox.run("ls -A /workspace /tmp /dev/shm | grep -v : | grep ."), await stray_processes(sandbox)

    for _ in range(live_pool.pool.size):  # every sandbox of the pool, whichever served the first episode
        listing, strays = live_pool.episode(look)
        assert listing.stdout == "" and listing.exit_code == 1
        assert strays.stdout == ""


def test_read_and_download_files(live_pool):
    async def go(sandbox):
        await sandbox.run("printf 'out' > made.txt; ln -s /etc/passwd link")
        data = await sandbox.read_file("/workspace/made.txt")
        files, skipped = await sandbox.download()
        with pytest.raises(RuntimeError, match=r"ELOOP|symbolic|Too many levels"):
            await sandbox.read_file("/workspace/link")
        return data, files, skipped

    data, files, skipped = live_pool.episode(go, {"in.txt": "in"})
    assert data == b"out"
    assert files == {"in.txt": b"in", "made.txt": b"out"}
    assert skipped == ["link"]


def test_write_files_rejects_escaping_paths(live_pool):
    with pytest.raises(ValueError, match="relative path"):
        live_pool.episode(lambda s: s.write_files({"../x": "y"}))
    with pytest.raises(ValueError, match="relative path"):
        live_pool.episode(lambda s: s.write_files({"/etc/x": "y"}))


def test_dead_container_is_replaced_and_pool_keeps_its_size(live_pool):
    pool = live_pool.pool
    created = pool.stats["created"]

    async def kill_it(sandbox):
        await asyncio.to_thread(pool.engine.remove, [sandbox.container_id])
        with pytest.raises(SandboxError):
            await sandbox.run("echo hi")
        return sandbox.container_id

    dead = live_pool.episode(kill_it)

    async def wait_for_replacement():
        for _ in range(200):
            if pool.stats["created"] > created and pool._ready.qsize() == pool.size:
                return
            await asyncio.sleep(0.05)

    live_pool.run(wait_for_replacement())
    assert pool.stats["created"] == created + 1
    assert pool._ready.qsize() == pool.size
    ids = {c["id"] for c in live_pool.run(asyncio.to_thread(pool.engine.list_sandboxes))}
    assert dead not in ids
    for _ in range(pool.size):
        assert live_pool.sh("echo alive").stdout == "alive\n"


def _descendants(pid: int) -> list[int]:
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    parents[int(entry)] = int(f.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                pass
    found = [pid]
    for _ in range(5):
        found += [p for p, parent in parents.items() if parent in found and p not in found]
    return found


def test_agent_that_stops_answering_is_replaced(live_pool):
    pool = live_pool.pool
    replaced = pool.stats["replaced"]

    async def freeze(sandbox):
        sandbox.config = SandboxConfig(timeout_s=1, request_grace_s=1.0)  # this sandbox only: a short wait
        stream = _descendants(sandbox._process.pid)  # runuser and the podman exec client: the stream stops
        for pid in stream:
            os.kill(pid, signal.SIGSTOP)
        start = time.monotonic()
        try:
            with pytest.raises(SandboxError, match="did not answer"):
                await sandbox.run("echo hi", timeout=0.5)
        finally:
            for pid in stream:
                os.kill(pid, signal.SIGCONT)
        return time.monotonic() - start

    waited = live_pool.episode(freeze)
    assert waited < 5
    live_pool.run(asyncio.sleep(1.5))
    assert pool.stats["replaced"] == replaced + 1
    assert live_pool.sh("echo alive").stdout == "alive\n"


def test_leftovers_of_a_killed_process_are_removed_at_next_start(tmp_path):
    """A container whose agent never started (its owner killed in between) cannot stop itself when the
    owner dies; the next pool start removes it (as ``coderl sandbox clean`` does). Containers with a
    running agent stop by themselves: tests/test_grade_warm.py."""
    script = tmp_path / "owner.py"
    script.write_text(
        textwrap.dedent(
            """
            from coderl.sandbox import PodmanEngine, SandboxConfig
            import os, time
            engine = PodmanEngine(SandboxConfig())
            for i in range(2):
                engine.create(f"coderl-leftover-{os.getpid()}-{i}", pool="leftover-test")
            print("ready", flush=True)
            time.sleep(600)
            """
        )
    )
    owner = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    try:
        assert owner.stdout is not None and owner.stdout.readline().strip() == "ready"
    finally:
        owner.kill()  # SIGKILL: no cleanup runs
        owner.wait()
    engine = PodmanEngine(SandboxConfig())
    try:
        orphaned = [c for c in engine.list_sandboxes() if c["labels"]["coderl.owner"].split(":")[1] == str(owner.pid)]
        assert len(orphaned) == 2

        async def start_and_close():
            async with SandboxPool(size=1, engine=engine) as pool:
                return pool.stats["leftovers_removed"]

        assert asyncio.run(start_and_close()) >= 2
        left = [c for c in engine.list_sandboxes() if c["labels"]["coderl.owner"].split(":")[1] == str(owner.pid)]
        assert left == []
    finally:
        engine.close()


def test_concurrent_episodes_share_the_pool(live_pool):
    async def many():
        async def one(i):
            async with live_pool.pool.sandbox({"n.txt": str(i)}) as sandbox:
                return (await sandbox.run("sleep 0.2; cat n.txt")).stdout

        return await asyncio.gather(*(one(i) for i in range(6)))

    assert live_pool.run(many()) == [str(i) for i in range(6)]


def test_bad_config_is_named():
    with pytest.raises(ValueError, match="memory"):
        SandboxConfig(memory="lots")
    with pytest.raises(ValueError, match="unknown sandbox setting"):
        SandboxConfig.from_dict({"memroy": "1g"})
    with pytest.raises(ValueError, match="mode"):
        SandboxConfig(mode="docker")  # type: ignore[arg-type]
    assert SandboxConfig(memory="1g").memory == 1 << 30


@pytest.mark.podman
def test_services_of_killed_runs_stop_with_their_owner_or_at_the_next_start(tmp_path):
    """A coderl process killed with SIGKILL cannot stop its Podman API service: the shell watching the
    service's pipe stops it. A service left without that watch (by an older coderl) is stopped by the
    next engine start, `coderl sandbox clean` or the end of the test session."""
    from coderl.sandbox.podman import reap_orphaned_services

    code = (
        "import time\nfrom coderl.sandbox import SandboxConfig\nfrom coderl.sandbox.podman import PodmanEngine\n"
        "e = PodmanEngine(SandboxConfig())\ne.client()\nprint(e.socket_path, flush=True)\ntime.sleep(600)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, cwd=tmp_path)
    socket_name = proc.stdout.readline().strip().rsplit("/", 1)[-1]
    assert socket_name.startswith(f"coderl-api-{proc.pid}-")

    def service_pids(name: str) -> list[int]:
        out = subprocess.run(["pgrep", "-f", name], capture_output=True, text=True).stdout
        return [int(p) for p in out.split()]

    def gone(name: str) -> bool:
        deadline = time.monotonic() + 10
        while service_pids(name) and time.monotonic() < deadline:
            time.sleep(0.1)
        return not service_pids(name)

    assert service_pids(socket_name)  # running while its owner lives
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert gone(socket_name)

    # A bare service (no watch) named for a process that is gone: the reaper's case.
    engine = PodmanEngine(SandboxConfig())
    bare = f"coderl-api-{proc.pid}-0dd5e7.sock"
    service = subprocess.Popen(
        engine.command("system", "service", "--time=0", f"unix://{engine.runtime_dir / bare}"),
        env=engine.env(),
        cwd="/",
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        time.sleep(0.5)
        assert service_pids(bare)
        assert reap_orphaned_services() >= 1
        assert gone(bare)
    finally:  # its own session: runuser and podman both, also when an assertion above failed
        with contextlib.suppress(ProcessLookupError):
            os.killpg(service.pid, signal.SIGKILL)
        service.wait()
