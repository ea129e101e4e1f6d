"""Sandbox hot paths on real rootless Podman: a command's round trip through the pool's agent stream
against ``podman exec`` and ``podman run --rm``; episode reset; N concurrent episodes (put a workspace,
run pytest, read a file) with 1, 2 and 4 sandboxes; one grade in a fresh container.

The round trip's physical reference is a fork+exec of ``true`` on the host with no container at all.

Containment costs (issue 12): reset of a sandbox left with SysV IPC objects, a POSIX message queue and
/dev/shm files, against one ``podman exec`` doing the same cleanup; download of a workspace with hard
links (each path a file of its own) and of 20,000 files, against ``podman exec tar`` (which ships a hard
link as a link, and reports nothing it leaves out).
"""

from __future__ import annotations

import asyncio
import subprocess
import time

import pytest
from sandboxes import TASKS, LivePool

from coderl.grade import Grader
from coderl.task import load_task

pytestmark = pytest.mark.podman

TASK = load_task(TASKS / "fizzbuzz")
SOLVED = {**TASK.workspace, "fizzbuzz.py": (TASKS / "fizzbuzz" / "solution" / "fizzbuzz.py").read_bytes()}
RT_PEERS = ["podman exec", "podman run --rm", "host fork+exec (bound)"]
EPISODES = 8


@pytest.fixture(scope="module")
def live():
    pool = LivePool(size=4)
    yield pool
    pool.close()


def _rt(benchmark, impl: str, compare: bool = False) -> None:
    benchmark.group = "sandbox round trip (trivial command)"
    benchmark.extra_info.update(impl=impl, device="cpu", compare_to=RT_PEERS if compare else [])


def test_roundtrip_pool(benchmark, live):
    sandbox = live.run(live.pool.acquire())
    try:
        _rt(benchmark, "coderl pool (agent stream)", compare=True)
        benchmark.pedantic(lambda: live.run(sandbox.run("true")), rounds=200, iterations=1, warmup_rounds=5)
    finally:
        live.run(live.pool.release(sandbox))


def test_roundtrip_podman_exec(benchmark, live):
    sandbox = live.run(live.pool.acquire())
    engine = live.pool.engine
    cmd = engine.command("exec", "--user", "23000", sandbox.container_id, "true")
    try:
        _rt(benchmark, "podman exec")
        benchmark.pedantic(
            lambda: subprocess.run(cmd, env=engine.env(), cwd="/", check=True, capture_output=True),
            rounds=15,
            iterations=1,
        )
    finally:
        live.run(live.pool.release(sandbox))


def test_roundtrip_podman_run(benchmark, live):
    engine = live.pool.engine
    cmd = engine.command("run", "--rm", "--network=none", "--cap-drop=ALL", engine.config.image, "true")
    _rt(benchmark, "podman run --rm")
    benchmark.pedantic(
        lambda: subprocess.run(cmd, env=engine.env(), cwd="/", check=True, capture_output=True), rounds=8, iterations=1
    )


def test_roundtrip_host_bound(benchmark):
    _rt(benchmark, "host fork+exec (bound)")
    benchmark.pedantic(lambda: subprocess.run(["true"], check=True), rounds=100, iterations=1)


def test_reset(benchmark, live):
    sandbox = live.run(live.pool.acquire())
    files = {f"pkg/m{i}.py": "x = 1\n" * 50 for i in range(20)}

    def dirty():
        live.run(sandbox.write_files(files))
        live.run(sandbox.run('python3 -c \'open("/tmp/big", "wb").write(bytes(8 << 20))\'; (sleep 100 &)'))
        return (), {}

    benchmark.group = "episode reset (20 files, 8 MB scratch, a background process)"
    benchmark.extra_info.update(impl="coderl reset (kill + wipe)", device="cpu")
    try:
        benchmark.pedantic(lambda: live.run(sandbox.reset()), setup=dirty, rounds=20, iterations=1)
    finally:
        live.run(live.pool.release(sandbox))


def _cpu_times() -> tuple[float, float]:
    with open("/proc/stat") as f:
        fields = [float(x) for x in f.readline().split()[1:]]
    idle = fields[3] + fields[4]
    return sum(fields) - idle, sum(fields)


async def _episodes(live: LivePool, concurrency: int) -> None:
    gate = asyncio.Semaphore(concurrency)

    async def episode(i: int) -> None:
        async with gate, live.pool.sandbox(SOLVED) as sandbox:
            result = await sandbox.run("python3 -m pytest -q -p no:cacheprovider tests")
            assert result.exit_code == 0, result.observation()
            assert await sandbox.read_file("/workspace/fizzbuzz.py") == SOLVED["fizzbuzz.py"]

    await asyncio.gather(*(episode(i) for i in range(EPISODES)))


@pytest.mark.parametrize("concurrency", [1, 2, 4])
def test_concurrent_episodes(benchmark, live, concurrency):
    busy: list[float] = []

    def run() -> None:
        b0, t0 = _cpu_times()
        live.run(_episodes(live, concurrency))
        b1, t1 = _cpu_times()
        busy.append((b1 - b0) / max(t1 - t0, 1e-9))

    benchmark.group = f"{EPISODES} episodes (put workspace, pytest, read file)"
    benchmark.extra_info.update(
        impl=f"pool, {concurrency} in flight",
        device="cpu",
        compare_to=["pool, 1 in flight"] if concurrency > 1 else [],
    )
    benchmark.pedantic(run, rounds=3, iterations=1)
    benchmark.extra_info["episodes_per_s"] = EPISODES / benchmark.stats.stats.median
    benchmark.extra_info["cpu_busy"] = sorted(busy)[len(busy) // 2]


def test_grade(benchmark, live):
    grader = Grader(live.pool)
    live.run(grader.expected_tests(TASK))  # collected once per task, then cached
    benchmark.group = "grade (fresh container, 8 hidden tests)"
    benchmark.extra_info.update(impl="coderl grader", device="cpu")
    start = time.perf_counter()
    result = benchmark.pedantic(lambda: live.run(grader.grade(TASK, SOLVED)), rounds=5, iterations=1)
    assert result.reward == 1.0 and time.perf_counter() > start


# --- containment costs ---------------------------------------------------------------------------------
_IPC_DIRT = r"""
import ctypes, os
libc = ctypes.CDLL(None)
libc.shmat.restype = ctypes.c_void_p
for key in range(4):
    shm = libc.shmget(0x7000 + key, 1 << 20, 0o1600)
    ctypes.memset(ctypes.c_void_p(libc.shmat(shm, None, 0)), 1, 1 << 20)
    libc.semget(0x7100 + key, 4, 0o1600)
    libc.msgget(0x7200 + key, 0o1600)
libc.mq_open(b"/bench", os.O_CREAT | os.O_RDWR, 0o600, None)
open("/dev/shm/bench", "wb").write(bytes(1 << 20))
"""
RESET_PEERS = ["podman exec (kill, ipcrm, rm)"]
_PEER_RESET = "kill -9 -1 2>/dev/null; ipcrm --all; rm -rf /workspace/* /tmp/* /dev/shm/* /dev/mqueue/*; true"


def _uid(live: LivePool, sandbox) -> str:
    return live.run(sandbox.run("id -u")).stdout.strip()


def _dirty_ipc(live: LivePool, sandbox) -> tuple[tuple, dict]:
    """Leave 12 SysV IPC objects, a POSIX queue, a /dev/shm file, 20 files and a process behind."""
    files = {f"pkg/m{i}.py": "x = 1\n" * 50 for i in range(20)}
    live.run(sandbox.write_files(files))
    result = live.run(sandbox.run(["python3", "-c", _IPC_DIRT]))
    assert result.exit_code == 0, result.observation()
    live.run(sandbox.run("(sleep 100 &)"))
    return (), {}


def _reset_group(benchmark, impl: str, compare: bool = False) -> None:
    benchmark.group = "episode reset with IPC (4 SysV shm/sem/msg each, a POSIX queue, /dev/shm, 20 files)"
    benchmark.extra_info.update(impl=impl, device="cpu", compare_to=RESET_PEERS if compare else [])


def test_reset_ipc(benchmark, live):
    sandbox = live.run(live.pool.acquire())
    _reset_group(benchmark, "coderl reset (kill, IPC, wipe)", compare=True)
    try:
        benchmark.pedantic(lambda: live.run(sandbox.reset()), setup=lambda: _dirty_ipc(live, sandbox), rounds=20)
        left = live.run(sandbox.run("tail -qn +2 /proc/sysvipc/shm /proc/sysvipc/sem /proc/sysvipc/msg"))
        assert left.stdout == "", left.stdout
    finally:
        live.run(live.pool.release(sandbox))


def test_reset_ipc_podman_exec(benchmark, live):
    sandbox = live.run(live.pool.acquire())
    engine = live.pool.engine
    cmd = engine.command("exec", "--user", _uid(live, sandbox), sandbox.container_id, "sh", "-c", _PEER_RESET)
    _reset_group(benchmark, RESET_PEERS[0])
    try:
        benchmark.pedantic(
            lambda: subprocess.run(cmd, env=engine.env(), cwd="/", check=True, capture_output=True),
            setup=lambda: _dirty_ipc(live, sandbox),
            rounds=8,
        )
    finally:
        live.run(live.pool.release(sandbox))


def _links(live: LivePool, sandbox, n: int) -> None:
    live.run(sandbox.write_files({f"src/f{i}.py": f"x = {i}\n" * 100 for i in range(n)}))
    live.run(sandbox.run(f"mkdir -p links && for i in $(seq 0 {n - 1}); do ln src/f$i.py links/f$i.py; done"))


def _many(live: LivePool, sandbox, n: int) -> None:
    code = f"import os; os.makedirs('many'); [open(f'many/{{i}}', 'w').close() for i in range({n})]"
    live.run(sandbox.run(["python3", "-c", code]))


SHAPES = {"200 files + 200 hard links": 400, "20,000 empty files": 20000}


def _fill(live: LivePool, sandbox, shape: str) -> None:
    if SHAPES[shape] == 400:
        _links(live, sandbox, 200)
    else:
        _many(live, sandbox, 20000)


@pytest.mark.parametrize("shape", list(SHAPES))
def test_download(benchmark, live, shape):
    sandbox = live.run(live.pool.acquire())
    try:
        _fill(live, sandbox, shape)
        benchmark.group = f"download ({shape})"
        benchmark.extra_info.update(
            impl="coderl download (links as files)", device="cpu", compare_to=["podman exec tar"]
        )
        files, skipped = benchmark.pedantic(
            lambda: live.run(sandbox.download()), rounds=5 if SHAPES[shape] > 400 else 20
        )
        assert len(files) == SHAPES[shape] and skipped == []
    finally:
        live.run(live.pool.release(sandbox))


@pytest.mark.parametrize("shape", list(SHAPES))
def test_download_podman_exec_tar(benchmark, live, shape):
    sandbox = live.run(live.pool.acquire())
    engine = live.pool.engine
    try:
        _fill(live, sandbox, shape)
        cmd = engine.command(
            "exec", "--user", _uid(live, sandbox), sandbox.container_id, "tar", "-C", "/workspace", "-cf", "-", "."
        )
        benchmark.group = f"download ({shape})"
        benchmark.extra_info.update(impl="podman exec tar", device="cpu")
        benchmark.pedantic(
            lambda: subprocess.run(cmd, env=engine.env(), cwd="/", check=True, capture_output=True),
            rounds=5 if SHAPES[shape] > 400 else 15,
        )
    finally:
        live.run(live.pool.release(sandbox))


def test_command_of_a_megabyte(benchmark, live):
    """A 1 MB bash command: bash -c cannot take it (MAX_ARG_STRLEN), so it goes to bash on stdin."""
    from coderl.guard import parse_action
    from coderl.tools import run_tool

    sandbox = live.run(live.pool.acquire())
    action = parse_action({"tool": "bash", "command": f": '{'x' * (1 << 20)}'; echo done"})
    benchmark.group = "bash command of 1 MiB (tool call)"
    benchmark.extra_info.update(impl="coderl run_tool (command on stdin)", device="cpu")
    try:
        result = benchmark.pedantic(lambda: live.run(run_tool(sandbox, action)), rounds=10)
        assert result.observation.strip() == "done"
    finally:
        live.run(live.pool.release(sandbox))
