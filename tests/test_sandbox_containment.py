"""Containment gaps of issue 12 on real rootless Podman sandboxes: each test is the attack (or the honest
action that went wrong) and what must hold afterwards."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import time

import pytest
from sandboxes import CODERL

from coderl.guard import parse_action
from coderl.sandbox import PodmanEngine, Sandbox, SandboxConfig, SandboxPool, WorkspaceError
from coderl.sandbox.check import ENFORCED, PER_PROCESS, check_isolation, format_warnings
from coderl.sandbox.podman import SCRATCH, UID_STEP
from coderl.tools import MAX_COMMAND, run_tool

pytestmark = pytest.mark.podman

PY = "python3 -c "

# One of each SysV IPC object (shared memory touched by a process that then exits, a semaphore set, a
# message queue holding a message), a POSIX message queue and a POSIX shared memory file.
_IPC_ATTACK = r"""
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
shm = libc.shmget(0x5EED, 1 << 20, 0o1666)
libc.shmat.restype = ctypes.c_void_p
addr = libc.shmat(shm, None, 0)
ctypes.memset(ctypes.c_void_p(addr), 7, 1 << 20)
sem = libc.semget(0x5EEE, 3, 0o1666)
msq = libc.msgget(0x5EEF, 0o1666)
class Msg(ctypes.Structure):
    _fields_ = [("mtype", ctypes.c_long), ("text", ctypes.c_char * 64)]
assert libc.msgsnd(msq, ctypes.byref(Msg(1, b"from episode one")), 64, 0) == 0
assert libc.mq_open(b"/leak", os.O_CREAT | os.O_RDWR, 0o666, None) >= 0
open("/dev/shm/leak", "w").write("from episode one")
print(shm, sem, msq)
"""
_IPC_LOOK = (
    "tail -n +2 /proc/sysvipc/shm /proc/sysvipc/sem /proc/sysvipc/msg | grep -v '^==' | grep .;"
    "ls -A /dev/mqueue /dev/shm"
)


def test_ipc_objects_do_not_survive_reset(live_pool):
    async def go() -> tuple[str, str, str]:
        sandbox = await live_pool.pool.acquire()
        try:
            made = await sandbox.run([*PY.split(), _IPC_ATTACK])
            before = await sandbox.run(_IPC_LOOK)
            await sandbox.reset()
            after = await sandbox.run(_IPC_LOOK)
        finally:
            await live_pool.pool.release(sandbox)
        assert made.exit_code == 0, made.observation()
        return made.stdout, before.stdout, after.stdout

    _, before, after = live_pool.run(go())
    assert "leak" in before and before.count("\n") >= 5, before  # the attack did create them
    assert after.split() == ["/dev/mqueue:", "/dev/shm:"], after


def test_every_writable_directory_is_scratch(live_pool):
    """Whatever the sandbox uid can write is emptied at reset: nothing else may be writable."""
    found = live_pool.sh("find / -path /proc -prune -o -path /sys -prune -o -type d -writable -print 2>/dev/null")
    roots = {path for path in found.stdout.split() if not any(path.startswith(s + "/") for s in SCRATCH)}
    assert roots <= set(SCRATCH), roots


def test_memory_of_many_processes_is_bounded(live_pool):
    """Five processes of 200 MB each against a 512 MB sandbox: RLIMIT_AS alone lets all of them live."""
    hog = "import time; x = bytearray(200 << 20); x[::4096] = b'y' * len(x[::4096]); time.sleep(4); print('alive')"
    limit = int(live_pool.pool.config.memory)

    async def attack(sandbox: Sandbox) -> tuple[str, dict]:
        await sandbox.memory(reset=True)
        result = await sandbox.run(f'for i in 1 2 3 4 5; do {PY}"{hog}" & sleep 0.3; done; wait', timeout=15)
        return result.stdout, await sandbox.memory()

    stdout, memory = live_pool.episode(attack)
    survivors = stdout.split().count("alive")
    if memory["limit"] is None:
        pytest.skip("cgroups bound memory on this host; the guard is not used")
    assert survivors * (200 << 20) <= limit, (survivors, memory)
    assert memory["kills"] >= 5 - survivors
    assert memory["peak"] < limit + (200 << 20)  # over by at most one process's burst


def test_a_guard_kill_says_out_of_memory(live_pool):
    """Three background processes of 100 MB, then one of 400 MB in the foreground: when the total passes
    512 MB the foreground process is the largest, so the guard kills it and the agent is told why."""
    hog = "import time; x = bytearray({} << 20); x[::4096] = b'y' * len(x[::4096]); time.sleep(3)"
    small, big = hog.format(100), hog.format(400)
    command = f'for i in 1 2 3; do {PY}"{small}" & done; sleep 1; {PY}"{big}"'

    async def go(sandbox: Sandbox) -> tuple[str, str]:
        killed = await run_tool(sandbox, parse_action({"tool": "bash", "command": command}))
        plain = await run_tool(sandbox, parse_action({"tool": "bash", "command": "kill -9 $$"}))
        return killed.observation, plain.observation

    killed, plain = live_pool.episode(go)
    assert "out of memory" in killed and "512 MiB" in killed
    assert "out of memory" not in plain  # a SIGKILL the guard did not send says nothing of memory


def test_pools_have_independent_process_budgets():
    """Slot 0 of one pool at its process limit must not starve slot 0 of another pool (RLIMIT_NPROC is
    counted per real uid across every container of the rootless user)."""
    config = SandboxConfig(pids=24, timeout_s=20)

    async def go() -> tuple[list[int], str, str]:
        async with (
            SandboxPool(config, size=1) as one,
            SandboxPool(config, size=1, engine=one.engine) as two,
            one.sandbox() as a,
            two.sandbox() as b,
        ):
            ids = [int((await s.run("id -u")).stdout) for s in (a, b)]
            hog = a.run("for i in $(seq 40); do sleep 6 & done 2>/dev/null; wait", timeout=10)
            task = asyncio.ensure_future(hog)
            await asyncio.sleep(2)
            other = await b.run("for i in $(seq 12); do sleep 1 & done; wait && echo fine", timeout=10)
            await task
            return ids, other.stdout, other.stderr

    ids, stdout, stderr = asyncio.run(go())
    assert ids[0] != ids[1] and (ids[0] - ids[1]) % UID_STEP == 0 and ids[0] % UID_STEP == 0, ids
    assert "Resource temporarily unavailable" not in stderr, stderr
    assert stdout.strip() == "fine"


def test_uid_leases_never_overlap_a_grader_uid():
    """Leases hold uid and uid + 1, so a pool configured with an odd ``sandbox_uid`` cannot take another
    sandbox's grader uid as its own."""
    even, odd = PodmanEngine(SandboxConfig(sandbox_uid=23000)), PodmanEngine(SandboxConfig(sandbox_uid=23001))
    try:
        mine = even.lease_uid("lease-test-even")
        theirs = odd.lease_uid("lease-test-odd")
        assert theirs not in (mine, mine + 1) and mine not in (theirs, theirs + 1)
        even.release_uid("lease-test-even")
        odd.release_uid("lease-test-odd")
        assert not even._uid_leases and not odd._uid_leases
    finally:
        even.close()
        odd.close()


def test_a_uid_left_by_a_killed_run_is_not_reused_while_its_container_lives():
    """A run killed before removing its containers frees its uid locks (the kernel drops them), but its
    processes may still run: the uid stays unused while that container exists, and is free once it is
    removed."""

    async def go() -> tuple[int, int, bool]:
        async with SandboxPool(SandboxConfig(), size=1) as dead:
            engine = dead.engine
            sandbox = await dead.acquire()
            uid = int((await sandbox.run("id -u")).stdout)
            for fd in engine._uid_leases.pop(sandbox.container_id)[1]:
                os.close(fd)  # as if the process had been killed: locks gone, the file still names the container
            async with SandboxPool(SandboxConfig(), size=1, engine=engine) as alive, alive.sandbox() as other:
                other_uid = int((await other.run("id -u")).stdout)
            await dead.release(sandbox)
            await asyncio.to_thread(engine.remove, [sandbox.container_id])
            fd = os.open(engine.runtime_dir / "uids" / str(uid), os.O_RDONLY)
            try:
                still_blocked = engine._left_running(fd)
            finally:
                os.close(fd)
        return uid, other_uid, still_blocked

    uid, other_uid, still_blocked = asyncio.run(go())
    assert other_uid != uid
    assert not still_blocked


def test_hard_links_are_downloaded_as_files(live_pool):
    async def go(sandbox: Sandbox) -> tuple[dict[str, bytes], list[str]]:
        await sandbox.run("mkdir pkg && ln solution.py other.py && ln solution.py pkg/third.py")
        return await sandbox.download()

    files, skipped = live_pool.episode(go, {"solution.py": "def f():\n    return 1\n"})
    assert files == {p: b"def f():\n    return 1\n" for p in ("other.py", "pkg/third.py", "solution.py")}
    assert skipped == []


def test_special_files_are_refused_not_waited_on(live_pool):
    """read_file on a FIFO used to block the agent forever; write_file on one too. Sockets, devices and
    FIFOs are reported as skipped by the download."""

    async def go(sandbox: Sandbox) -> list[str]:
        await sandbox.run(f"mkfifo pipe && {PY}'import socket; socket.socket(socket.AF_UNIX).bind(\"sock\")'")
        out = []
        for path in ("pipe", "sock", "/dev/zero", "/workspace"):
            result = await asyncio.wait_for(run_tool(sandbox, parse_action({"tool": "read_file", "path": path})), 15)
            out.append(result.observation)
        _, skipped = await sandbox.download()
        out.append(" ".join(skipped))
        write = parse_action({"tool": "write_file", "path": "pipe", "content": "now a file"})
        out.append((await asyncio.wait_for(run_tool(sandbox, write), 15)).observation)
        out.append((await sandbox.read_file("/workspace/pipe")).decode())
        return out

    start = time.monotonic()
    fifo, sock, dev, directory, skipped, wrote, content = live_pool.episode(go)
    assert time.monotonic() - start < 10
    assert "is a FIFO, not a regular file" in fifo
    assert "is a socket" in sock
    assert "character device" in dev
    assert "Is a directory" in directory
    assert skipped == "pipe sock"
    assert wrote.startswith("Wrote 10 bytes") and content == "now a file"


@pytest.mark.parametrize("size", [200_000, 1 << 20, 3 << 20])
def test_huge_commands_run_as_observations(live_pool, size):
    command = f"printf %s '{'x' * size}' | wc -c"
    result = live_pool.episode(lambda s: run_tool(s, parse_action({"tool": "bash", "command": command})))
    assert result.exit_code == 0, result.observation[:300]
    assert result.observation.strip() == str(size)


def test_commands_bash_cannot_take_are_observations(live_pool):
    async def go(sandbox: Sandbox) -> list[tuple[int, str]]:
        out = []
        for command in ("x" * (MAX_COMMAND + 1), "echo a\x00b", "echo \ud800 | od -An -tx1"):
            result = await run_tool(sandbox, parse_action({"tool": "bash", "command": command}))
            out.append((result.exit_code, result.observation))
        out.append(((await sandbox.run("echo alive")).exit_code, ""))
        return out

    (too_long, long_text), (nul, nul_text), (surrogate, surrogate_text), (alive, _) = live_pool.episode(go)
    assert too_long == 2 and "limited to" in long_text
    assert nul == 2 and "NUL" in nul_text
    assert surrogate == 0 and surrogate_text.split() == ["ed", "a0", "80", "0a"]
    assert alive == 0


def test_paths_past_path_max_are_reported_not_dropped(live_pool):
    # 24 levels of 200-byte names: the deepest file's path is past PATH_MAX (4096), a middle one is not.
    make = (
        "import os\n"
        "for level in range(24):\n"
        "    os.mkdir('d' * 200); os.chdir('d' * 200)\n"
        "    if level == 10: open('mid.txt', 'w').write('mid')\n"
        "open('deep.txt', 'w').write('deep')\n"
    )

    async def go(sandbox: Sandbox) -> tuple[dict[str, bytes], list[str]]:
        result = await sandbox.run([*PY.split(), make])
        assert result.exit_code == 0, result.observation()
        return await sandbox.download()

    files, skipped = live_pool.episode(go, {"solution.py": "x = 1\n"})
    assert set(files) == {"solution.py", "/".join(["d" * 200] * 11) + "/mid.txt"}
    assert len(skipped) == 1 and skipped[0].startswith("d" * 200), [s[-30:] for s in skipped]
    assert len("/workspace/" + skipped[0]) >= 4096


def test_workspace_faults_are_workspace_errors(live_pool):
    """What the agent's files cause is a WorkspaceError (graded 0 with a note), never a bare failure."""

    async def go(sandbox: Sandbox) -> list[str]:
        out = []
        await sandbox.run("mkdir -p tests && rm -r tests && echo plain > tests")
        with pytest.raises(WorkspaceError, match=r"tests/test_x\.py") as info:
            await sandbox.write_files({"tests/test_x.py": "def test(): pass\n"})
        out.append(str(info.value))
        await sandbox.run(
            f'{PY}\'import os; os.mkdir("many"); [open(f"many/{{i}}", "w").close() for i in range(40000)]\''
        )
        start = time.perf_counter()
        with pytest.raises(WorkspaceError, match="more than 32768 files"):
            await sandbox.download()
        out.append(f"{time.perf_counter() - start:.2f}")
        await sandbox.run("dd if=/dev/zero of=/workspace/fill bs=1M count=300 2>/dev/null")
        with pytest.raises(WorkspaceError, match=r"No space left|File too large"):
            await sandbox.write_files({"more.py": "x" * (1 << 20)})
        wrote = await run_tool(sandbox, parse_action({"tool": "write_file", "path": "tests/x.py", "content": "y"}))
        out.append(wrote.observation)
        return out

    message, seconds, observation = live_pool.episode(go)
    assert "WorkspaceFault" in message
    assert float(seconds) < 10
    assert observation.startswith("Error: /workspace/tests/x.py: cannot be written"), observation


@pytest.mark.parametrize("guard", [True, False])
def test_check_reports_only_limits_it_measured(guard):
    """`coderl sandbox check` used to call the memory limit enforced while 2.4 GB fitted in 512 MB."""
    report = asyncio.run(check_isolation(SandboxConfig(memory_guard=guard)))
    limits = report["limits"]
    if report["engine"]["limits"] == "cgroups":
        pytest.skip("cgroups hold here; this test is about a host without them")
    assert limits["memory (one process)"]["status"] == ENFORCED
    assert limits["memory (all processes)"]["status"] == (ENFORCED if guard else PER_PROCESS), limits
    assert limits["processes"]["status"] == ENFORCED and limits["disk"]["status"] == ENFORCED
    assert limits["network"]["status"] == ENFORCED
    assert limits["cpu"]["status"] == PER_PROCESS
    warned = {w.split(" limit ")[0] for w in report["warnings"]}
    assert warned == ({"cpu"} if guard else {"cpu", "memory (all processes)"})
    assert "NOT hold" in format_warnings(report)
    assert report["ok"]


def test_a_command_that_closes_its_stdin_does_not_kill_the_agent(live_pool):
    """The agent writes a command's stdin before reading its output; a command that closed it used to
    kill the agent with SIGPIPE (``bash /dev/stdin`` does), and the sandbox had to be replaced."""

    async def go(sandbox: Sandbox) -> tuple[int, int, int, int]:
        before = (await sandbox.ping())["pid"]
        closed = await sandbox.run(["/bin/bash", "-c", "exec 0<&-; exit 3"], stdin=b"x" * (1 << 20))
        script = await sandbox.run(["/bin/bash", "/dev/stdin"], stdin=b"x" * (1 << 20))
        return before, (await sandbox.ping())["pid"], closed.exit_code, script.exit_code

    before, after, closed, script = live_pool.episode(go)
    assert closed == 3 and script != 0  # bash read a few bytes and stopped: an ordinary failure
    assert after == before  # the same agent answers


def test_check_cli_warns_on_stderr_and_strict_fails():
    """`coderl sandbox check` prints the JSON report, a loud block on stderr for every limit short of
    enforced, and with --strict exits 1 while one holds only per process (CPU has no quota here)."""
    proc = subprocess.run([CODERL, "sandbox", "check", "--strict"], capture_output=True, text=True, timeout=300)
    report = json.loads(proc.stdout)
    if not report["warnings"]:
        pytest.skip("every limit holds on this host")
    assert proc.returncode == 1
    assert "WARNING: sandbox limits that do NOT hold" in proc.stderr
    assert all(w in proc.stderr for w in report["warnings"])
