"""Issue 12's containment findings, replayed with APIs that exist before and after the fixes; prints one
line per finding (real rootless Podman sandboxes, about a minute).

After:   .venv/bin/python benchmarks/containment_attacks.py
Before:  git worktree add --detach /tmp/old 4bc9eb4 && cp .venv/lib/python3.11/site-packages/coderl/_native*.so \
         /tmp/old/coderl/ && (cd /tmp && PYTHONPATH=/tmp/old:$OLDPWD/.venv/lib/python3.11/site-packages \
         $OLDPWD/.venv/bin/python -S $OLDPWD/benchmarks/containment_attacks.py)
(``-S`` keeps the editable install's import hook from picking the working tree.)
"""

from __future__ import annotations

import asyncio

import coderl
from coderl.guard import parse_action
from coderl.sandbox import Sandbox, SandboxConfig, SandboxPool
from coderl.sandbox.check import check_isolation
from coderl.tools import run_tool

IPC = r"""
import ctypes, os
libc = ctypes.CDLL(None)
libc.shmget(0x5EED, 1 << 20, 0o1666); libc.semget(0x5EEE, 3, 0o1666); libc.msgget(0x5EEF, 0o1666)
libc.mq_open(b"/leak", os.O_CREAT | os.O_RDWR, 0o666, None)
"""
HOG = "import time; x = bytearray(200 << 20); x[::4096] = b'y' * len(x[::4096]); time.sleep(4); print('alive')"
DEEP = "import os\nfor _ in range(24): os.mkdir('d' * 200); os.chdir('d' * 200)\nopen('deep.txt', 'w').write('x')"
COUNT_IPC = "tail -qn +2 /proc/sysvipc/shm /proc/sysvipc/sem /proc/sysvipc/msg | wc -l; ls /dev/mqueue | wc -l"


async def attacks(pool: SandboxPool, other: SandboxPool) -> Sandbox:
    """Findings 1-8 on one sandbox of ``pool``; returns the sandbox still held (a FIFO may cost one)."""
    s = await pool.acquire()
    await s.run(["python3", "-c", IPC])
    await s.reset()
    print("1 IPC objects after reset (sysv, mqueue):", (await s.run(COUNT_IPC)).stdout.split())
    r = await s.run(f'for i in 1 2 3 4 5; do python3 -c "{HOG}" & sleep 0.3; done; wait', timeout=15)
    print("2 of 5 x 200 MB processes alive in 512 MB:", r.stdout.split().count("alive"))
    await s.reset()
    async with other.sandbox() as o:
        uids = [(await x.run("id -u")).stdout.strip() for x in (s, o)]
    print("3 uids of slot 0 in two pools:", *uids)
    await s.write_files({"solution.py": "x = 1\n"})
    await s.run("ln solution.py other.py")
    files, skipped = await s.download()
    print("4 hard link: downloaded", sorted(files), "skipped", skipped)
    await s.reset()
    await s.run("mkfifo p")
    try:
        res = await asyncio.wait_for(run_tool(s, parse_action({"tool": "read_file", "path": "p"})), 5)
        print("5 read_file on a FIFO:", res.observation[:80])
    except Exception as exc:
        print("5 read_file on a FIFO:", type(exc).__name__, "(hung: the sandbox is lost)")
        s.alive = False
        await pool.release(s)
        s = await pool.acquire()
    await s.reset()
    try:
        res = await run_tool(s, parse_action({"tool": "bash", "command": "echo " + "x" * (1 << 20) + " | wc -c"}))
        print("6 1 MB command:", res.observation.strip()[:80])
    except Exception as exc:
        print("6 1 MB command:", type(exc).__name__, str(exc)[-60:])
    await s.run(["python3", "-c", DEEP])
    files, skipped = await s.download()
    deep = any(f.endswith("deep.txt") for f in files)
    print("7 file past PATH_MAX: in files", deep, "; in skipped", bool(skipped))
    await s.reset()
    await s.run("echo plain > tests")
    try:
        await s.write_files({"tests/test_x.py": "x"})
        print("8 protected dir replaced by a file: written?!")
    except Exception as exc:
        print("8 protected dir replaced by a file:", type(exc).__name__)
    return s


async def main() -> None:
    print("coderl from", coderl.__file__)
    config = SandboxConfig(timeout_s=20)
    async with SandboxPool(config, size=1) as pool, SandboxPool(config, size=1, engine=pool.engine) as other:
        await pool.release(await attacks(pool, other))
    report = await check_isolation(SandboxConfig())
    old = {k: v for k, v in report["probes"].items() if "memory" in k or "process" in k}
    new = report.get("limits", {}).get("memory (all processes)", {}).get("status")
    print("9 check, memory:", old or new)


if __name__ == "__main__":
    asyncio.run(main())
