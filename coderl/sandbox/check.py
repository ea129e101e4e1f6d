"""``coderl sandbox check``: which isolation properties and limits actually hold on this host.

Nothing is taken from the configuration on trust: every limit is measured in a real sandbox by trying
to exceed it, and reported as ``enforced`` (the sandbox as a whole is held), ``per-process only`` (each
process is held, several together are not) or ``not enforced``, with how and what was measured. Rootless
Podman on cgroup v1 ignores every cgroup limit, so there memory is bounded by RLIMIT_AS per process plus
the agent's memory guard for all processes together, processes by RLIMIT_NPROC of a uid that belongs to
one sandbox, disk by tmpfs sizes, and CPU only per process (RLIMIT_CPU and the wall-clock limit).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from coderl.sandbox.config import SandboxConfig
from coderl.sandbox.podman import PodmanEngine
from coderl.sandbox.pool import SandboxPool
from coderl.sandbox.sandbox import Sandbox

__all__ = ["ENFORCED", "NOT_ENFORCED", "PER_PROCESS", "PROBES", "Probe", "check_isolation", "format_warnings"]

ENFORCED = "enforced"
PER_PROCESS = "per-process only"
NOT_ENFORCED = "not enforced"


@dataclass(frozen=True)
class Probe:
    """A property, the command that probes it, and how to read the result."""

    name: str
    command: str
    holds_if: str  # "ok": the command must succeed; "fails": it must fail


PROBES = (
    Probe("network: only loopback", 'test "$(ls /sys/class/net)" = lo', "ok"),
    Probe(
        "network: no TCP to the outside",
        "python3 -c \"import socket; socket.create_connection(('1.1.1.1', 53), 2)\"",
        "fails",
    ),
    Probe("network: no DNS", "python3 -c \"import socket; socket.getaddrinfo('deb.debian.org', 80)\"", "fails"),
    Probe(
        "network: no host loopback",
        "python3 -c \"import socket; socket.create_connection(('10.0.2.2', 22), 2)\"",
        "fails",
    ),
    Probe("read-only root", "touch /usr/x", "fails"),
    Probe("non-root uid", "test $(id -u) -ne 0", "ok"),
    Probe("no capabilities", "grep -q 'CapEff:.*0000000000000000' /proc/self/status", "ok"),
)

# N processes that each take ``size`` bytes (touched), hold them, and print how many are still alive.
_HOLD = """
import os, sys, time
n, size, hold = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
pids = []
for _ in range(n):
    pid = os.fork()
    if pid == 0:
        try:
            x = bytearray(size)
            x[::4096] = b"y" * len(x[::4096])
            time.sleep(hold)
            os._exit(0)
        except MemoryError:
            os._exit(3)
    pids.append(pid)
    time.sleep(0.2)
codes = [os.waitpid(p, 0)[1] for p in pids]
print(sum(c == 0 for c in codes), sum(c == 3 << 8 for c in codes), len(codes))
"""
# Forks until refused; prints how many children it had at once.
_FORK = """
import os, sys, time
made = 0
for n in range(int(sys.argv[1]) * 4):
    try:
        if os.fork() == 0:
            time.sleep(3)
            os._exit(0)
        made += 1
    except OSError:
        break
print(made)
"""
# Two spinners for ``seconds``: CPU seconds they got per wall second (cores used).
_SPIN = """
import os, sys, time
seconds = float(sys.argv[1])
start = time.monotonic()
for _ in range(2):
    if os.fork() == 0:
        while time.monotonic() - start < seconds:
            pass
        os._exit(0)
for _ in range(2):
    os.wait()
t = os.times()
print((t.children_user + t.children_system) / (time.monotonic() - start))
"""


def _limit(status: str, how: str, measured: str) -> dict[str, str]:
    return {"status": status, "how": how, "measured": measured}


async def _py(sandbox: Sandbox, code: str, *args: object, timeout: float = 30) -> list[str]:
    result = await sandbox.run(["python3", "-c", code, *map(str, args)], timeout=timeout)
    return result.stdout.split()


async def _memory(sandbox: Sandbox, engine: PodmanEngine) -> dict[str, dict[str, str]]:
    memory = int(engine.config.memory)  # type: ignore[arg-type]
    cgroups = engine.limits_enforced
    mib = memory >> 20
    one = await sandbox.run(["python3", "-c", f"x = bytearray({2 * memory}); x[::4096] = b'y' * len(x[::4096])"])
    how = "cgroup memory limit" if cgroups else f"RLIMIT_AS {mib} MiB per process"
    outcome = (one.stderr.strip().splitlines() or [f"exit status {one.exit_code}"])[-1][:80]
    held_one = one.exit_code != 0
    single = _limit(
        ENFORCED if held_one else NOT_ENFORCED,
        how,
        f"one process allocating {2 * mib} MiB: {outcome if held_one else 'it got them'}",
    )
    # Four processes of 40% each: 160% of the limit together, each well under it alone.
    size = memory * 2 // 5
    await sandbox.memory(reset=True)
    alive, refused, total = map(int, (await _py(sandbox, _HOLD, 4, size, 3.0)) or ["0", "0", "0"])
    guard = await sandbox.memory()
    held = alive * size
    measured = (
        f"4 processes of {size >> 20} MiB each: {alive} kept it ({held >> 20} MiB), {refused} refused, "
        f"{total - alive - refused} killed"
    )
    if guard.get("limit"):
        how = (
            f"memory guard: resident memory of all sandbox processes polled every 50 ms, the largest killed "
            f"while over {mib} MiB (a burst inside one poll can overshoot)"
        )
        measured += f"; guard peak {int(guard['peak']) >> 20} MiB, kills {guard['kills']}"
    else:
        how = "cgroup memory limit" if cgroups else "none for all processes together (memory_guard is off)"
    cfg = engine.config
    tmpfs = (int(cfg.workspace_size) + int(cfg.tmp_size)) >> 20  # type: ignore[call-overload]
    how += f"; files in tmpfs are bounded apart: {tmpfs} MiB for /workspace and /tmp, 64 MiB for /dev/shm"
    status = ENFORCED if held <= memory else PER_PROCESS if single["status"] == ENFORCED else NOT_ENFORCED
    return {"memory (one process)": single, "memory (all processes)": _limit(status, how, measured)}


async def _processes(sandbox: Sandbox, engine: PodmanEngine) -> dict[str, str]:
    pids = engine.config.pids
    made = int((await _py(sandbox, _FORK, pids) or ["0"])[0])
    how = "cgroup pids limit" if engine.limits_enforced else f"RLIMIT_NPROC {pids} on a uid of this sandbox's own"
    status = ENFORCED if made < pids else NOT_ENFORCED
    return _limit(status, how, f"forked {made} processes against a limit of {pids}")


async def _cpu(sandbox: Sandbox, engine: PodmanEngine) -> dict[str, str]:
    """A core quota is enforced only where cgroups are, and only if the measurement does not contradict
    it; where there are none, a low reading only means the host had few free cores."""
    cpus = engine.config.cpus
    used = float((await _py(sandbox, _SPIN, 2.0) or ["0"])[0])
    measured = f"2 spinning processes used {used:.2f} cores for cpus={cpus:g}"
    over = used > cpus * 1.15
    if engine.limits_enforced:
        return _limit(NOT_ENFORCED if over else ENFORCED, "cgroup CPU quota", measured)
    if not over:
        measured += " (inconclusive: the host had fewer free cores than that)"
    how = "no core quota (no cgroups): RLIMIT_CPU per process and the wall-clock limit per command"
    return _limit(PER_PROCESS, how, measured)


async def _disk(sandbox: Sandbox, engine: PodmanEngine) -> dict[str, str]:
    cfg = engine.config
    sizes = {"/workspace": int(cfg.workspace_size), "/tmp": int(cfg.tmp_size)}  # type: ignore[call-overload]
    held = []
    for root, size in sizes.items():
        count = (size >> 20) // 64 + 2
        script = (
            f"for i in $(seq {count}); do dd if=/dev/zero of={root}/fill$i bs=1M count=64 2>/dev/null || exit 9; done;"
            f" rm -f {root}/fill*"
        )
        result = await sandbox.run(script, timeout=30)
        await sandbox.run(f"rm -f {root}/fill*")
        held.append(result.exit_code == 9)
    measured = ", ".join(
        f"{root} past {size >> 20} MiB: {'refused' if ok else 'written'}"
        for (root, size), ok in zip(sizes.items(), held, strict=True)
    )
    return _limit(ENFORCED if all(held) else NOT_ENFORCED, "tmpfs sizes (and RLIMIT_FSIZE)", measured)


async def check_isolation(config: SandboxConfig | None = None) -> dict[str, Any]:
    """Engine facts, isolation probes (True when the property holds) and every limit as measured.

    ``ok`` is False when an isolation probe fails or a limit is ``not enforced``; ``warnings`` says, in
    words, each limit that is not enforced for the sandbox as a whole."""
    engine = await asyncio.to_thread(PodmanEngine, config or SandboxConfig())
    report: dict[str, Any] = {"engine": engine.describe(), "probes": {}, "limits": {}}
    async with SandboxPool(engine.config, size=1, engine=engine) as pool, pool.sandbox() as sandbox:
        for probe in PROBES:
            result = await sandbox.run(probe.command, timeout=15)
            report["probes"][probe.name] = (result.exit_code == 0) == (probe.holds_if == "ok")
        network = all(v for k, v in report["probes"].items() if k.startswith("network"))
        report["limits"]["network"] = _limit(
            ENFORCED if network else NOT_ENFORCED, "--network=none (loopback only)", "see the network probes"
        )
        report["limits"].update(await _memory(sandbox, engine))
        report["limits"]["processes"] = await _processes(sandbox, engine)
        report["limits"]["cpu"] = await _cpu(sandbox, engine)
        report["limits"]["disk"] = await _disk(sandbox, engine)
    engine.close()
    report["warnings"] = [
        f"{name} limit {entry['status'].upper()}: {entry['how']} ({entry['measured']})"
        for name, entry in report["limits"].items()
        if entry["status"] != ENFORCED
    ]
    report["ok"] = all(report["probes"].values()) and all(
        entry["status"] != NOT_ENFORCED for entry in report["limits"].values()
    )
    return report


def format_warnings(report: dict[str, Any]) -> str:
    """The report's warnings as a loud block for stderr (empty when every limit holds)."""
    if not report.get("warnings"):
        return ""
    bar = "!" * 78
    lines = [bar, "WARNING: sandbox limits that do NOT hold for the sandbox as a whole on this host:"]
    lines += [f"  - {w}" for w in report["warnings"]]
    lines.append(bar)
    return "\n".join(lines)
