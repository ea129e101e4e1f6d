"""``coderl sandbox check``: which isolation properties actually hold on this host, probed in a container."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from coderl.sandbox.config import SandboxConfig
from coderl.sandbox.podman import PodmanEngine
from coderl.sandbox.pool import SandboxPool

__all__ = ["PROBES", "Probe", "check_isolation"]


@dataclass(frozen=True)
class Probe:
    """A property, the command that probes it, and how to read the result."""

    name: str
    command: str
    holds_if: str  # "ok": the command must succeed; "fails": it must fail


_FORK = """
import os, sys, time
for n in range(int(sys.argv[1]) * 4):
    try:
        if os.fork() == 0:
            time.sleep(2)
            os._exit(0)
    except OSError:
        sys.exit(1)
"""
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
    Probe("memory limit", "python3 -c 'x = bytearray(8 << 30); x[::4096] = bytes(len(x) // 4096)'", "fails"),
)


async def check_isolation(config: SandboxConfig | None = None) -> dict[str, Any]:
    """Engine facts and, per probe, whether the property holds. ``ok`` is False if a required one fails."""
    engine = await asyncio.to_thread(PodmanEngine, config or SandboxConfig())
    report: dict[str, Any] = {"engine": engine.describe(), "probes": {}}
    async with SandboxPool(engine.config, size=1, engine=engine) as pool, pool.sandbox() as sandbox:
        for probe in PROBES:
            result = await sandbox.run(probe.command, timeout=15)
            report["probes"][probe.name] = (result.exit_code == 0) == (probe.holds_if == "ok")
        await sandbox.write_files({"fork.py": _FORK})
        result = await sandbox.run(["python3", "fork.py", str(engine.config.pids)], timeout=15)
        report["probes"]["process limit"] = result.exit_code == 1
    engine.close()
    report["cpu limit"] = "cgroups" if engine.limits_enforced else "RLIMIT_CPU per command (no core quota)"
    report["ok"] = all(report["probes"].values())
    return report
