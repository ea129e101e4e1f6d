"""Hostile code against real rootless Podman sandboxes: each attack is contained and the pool keeps serving."""

from __future__ import annotations

import socket
import threading
import uuid
from pathlib import Path

import pytest
from sandboxes import stray_processes

from coderl.sandbox import Sandbox

pytestmark = pytest.mark.podman

PY = "python3 -c "


def _serves(live_pool) -> None:
    """After an attack: a new episode answers quickly and sees an empty workspace and no stray processes."""
    result = live_pool.sh("ls -A /workspace /tmp | grep -v '^/' | grep -c . ; echo done")
    assert result.exit_code == 0
    assert result.stdout.split() == ["0", "done"], result.stdout
    assert result.duration_s < 2


@pytest.mark.parametrize(
    "name, code",
    [
        ("tcp-outside", "import socket; socket.create_connection(('1.1.1.1', 80), timeout=3)"),
        (
            "udp-outside",
            "import socket; socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b'x', ('8.8.8.8', 53))",
        ),
        ("dns", "import socket; socket.getaddrinfo('pypi.org', 443)"),
        ("slirp-host-gateway", "import socket; socket.create_connection(('10.0.2.2', 22), timeout=3)"),
        ("ipv6-outside", "import socket; socket.create_connection(('2606:4700:4700::1111', 53), timeout=3)"),
    ],
)
def test_network_is_unreachable(live_pool, name, code):
    result = live_pool.sh(f'{PY}"{code}"', timeout=10)
    assert result.exit_code != 0, f"{name}: {result.observation()}"
    assert "Error" in result.stderr or "error" in result.stderr
    _serves(live_pool)


def test_host_loopback_is_unreachable(live_pool):
    """A server on the host's 127.0.0.1 is invisible: the container's loopback is its own."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    port = server.getsockname()[1]
    accepted: list[object] = []
    threading.Thread(target=lambda: accepted.append(server.accept()), daemon=True).start()
    try:
        result = live_pool.sh(f"{PY}\"import socket; socket.create_connection(('127.0.0.1', {port}), timeout=3)\"")
        assert result.exit_code != 0
        assert "ConnectionRefusedError" in result.stderr
        assert not accepted
    finally:
        server.close()


def test_only_loopback_interface_exists(live_pool):
    assert live_pool.sh("ls /sys/class/net").stdout.split() == ["lo"]


def test_fork_bomb_is_contained(live_pool):
    result = live_pool.sh("bomb() { bomb | bomb & }; bomb; sleep 3", timeout=6)
    assert result.duration_s < 10
    _serves(live_pool)


def test_memory_bomb_is_contained(live_pool):
    result = live_pool.sh(f"{PY}'x = bytearray(6 << 30); x[::4096] = bytes(len(x) // 4096); print(len(x))'")
    assert result.exit_code != 0
    assert "MemoryError" in result.stderr or result.exit_code == 137
    _serves(live_pool)


def test_cpu_spin_is_killed_at_the_time_limit(live_pool):
    result = live_pool.sh("while :; do :; done", timeout=1.5)
    assert result.timed_out
    assert result.duration_s < 4
    assert "timed out" in result.observation()
    _serves(live_pool)


def test_sleep_forever_and_escaped_daemons_are_killed(live_pool):
    async def attack(sandbox: Sandbox):
        timed = await sandbox.run("setsid sleep 1000 & (setsid nohup sleep 1000 &) ; sleep infinity", timeout=1)
        after = await stray_processes(sandbox)
        return timed, after

    timed, after = live_pool.episode(attack)
    assert timed.timed_out
    assert after.exit_code == 0
    assert after.stdout == "", after.stdout
    _serves(live_pool)


def test_gigabyte_of_output_is_capped(live_pool):
    result = live_pool.sh("head -c 1G /dev/zero | tr '\\0' x")
    assert result.output_limited
    assert result.stdout_bytes > 60 << 20
    assert len(result.stdout) < live_pool.pool.config.max_output + 200
    assert "output truncated" in result.stdout
    assert result.duration_s < 10
    _serves(live_pool)


def test_output_over_the_cap_ends_with_a_marker(live_pool):
    result = live_pool.sh("head -c 200000 /dev/zero | tr '\\0' y; echo; echo tail >&2")
    assert result.exit_code == 0 and not result.output_limited
    assert result.stdout.startswith("y" * 1000)
    assert f"{200001 - live_pool.pool.config.max_output} more bytes" in result.stdout
    assert result.stderr == "tail\n"


@pytest.mark.parametrize("target", ["/workspace/fill", "/tmp/fill", "/dev/shm/fill"])
def test_filling_scratch_space_fails_cleanly(live_pool, target):
    big = live_pool.sh(f"dd if=/dev/zero of={target} bs=1M count=2000", timeout=20)
    assert big.exit_code != 0
    assert "SIGXFSZ" in big.observation() or "No space left" in big.stderr, big.observation()
    many = live_pool.sh(
        f"for i in 1 2 3 4; do dd if=/dev/zero of={target}$i bs=1M count=200 || exit 9; done", timeout=20
    )
    assert many.exit_code == 9
    assert "No space left" in many.stderr, many.stderr
    _serves(live_pool)


@pytest.mark.parametrize("path", ["/etc/passwd", "/usr/lib/evil", "/x", "/root/x", "/var/tmp/x", "/proc/sys/kernel/x"])
def test_writing_outside_the_workspace_fails(live_pool, path):
    result = live_pool.sh(f"echo pwned > {path} && echo wrote; grep -s pwned {path}")
    assert result.exit_code != 0
    assert "wrote" not in result.stdout and "pwned" not in result.stdout
    assert any(e in result.stderr for e in ("Read-only file system", "Permission denied", "No such file")), (
        result.stderr
    )


def test_host_files_are_not_visible(live_pool, tmp_path_factory):
    secret = Path("/tmp") / f"coderl-host-secret-{uuid.uuid4().hex}"
    secret.write_text("host secret")
    try:
        result = live_pool.sh(
            f"cat {secret}; cat /etc/shadow; ls /proc/1/root/ 2>&1 | head -3; cat /work/main/README.md"
        )
        assert "host secret" not in result.stdout
        assert result.exit_code != 0
        assert "coderl" not in result.stdout
    finally:
        secret.unlink()


@pytest.mark.parametrize(
    "name, cmd",
    [
        ("setuid-root", f"{PY}'import os; os.setuid(0)'"),
        ("setuid-binary", "su -c id root </dev/null"),
        ("new-user-namespace", "unshare -r id"),
        ("unshare-syscall", f"{PY}'import ctypes; exit(ctypes.CDLL(None).unshare(0x10000000) != 0)'"),
        ("new-net-namespace", "unshare -n true"),
        ("mount", "mount -t tmpfs none /mnt"),
        ("chown-to-root", "touch f && chown 0:0 f"),
        ("raw-socket", f"{PY}'import socket; socket.socket(socket.AF_INET, socket.SOCK_RAW, 1)'"),
        ("ptrace-agent", f"{PY}'import ctypes,os; print(ctypes.CDLL(None).ptrace(16, os.getppid(), 0, 0)); exit(1)'"),
    ],
)
def test_privilege_tricks_fail(live_pool, name, cmd):
    result = live_pool.sh(cmd)
    assert result.exit_code != 0, f"{name}: {result.observation()}"
    caps = live_pool.sh("grep CapEff /proc/self/status")
    assert caps.stdout.split()[1] == "0000000000000000"


def test_agent_cannot_be_killed_or_read(live_pool):
    async def attack(sandbox: Sandbox):
        before = await sandbox.ping()
        pid = before["pid"]
        kill = await sandbox.run(f"kill -9 {pid}; echo kill=$?; kill -9 -1; cat /proc/{pid}/environ; ls /proc/{pid}/fd")
        after = await sandbox.ping()
        return before, kill, after

    before, kill, after = live_pool.episode(attack)
    assert "kill=1" in kill.stdout
    # /proc shows the sandbox uid its own processes only (hidepid=2): the agent's entries are not even there
    pid = before["pid"]
    assert f"/proc/{pid}/environ: No such file or directory" in kill.stderr
    assert f"/proc/{pid}/fd': No such file or directory" in kill.stderr
    assert after["pid"] == before["pid"]
    _serves(live_pool)


def test_sandbox_runs_as_unprivileged_uid(live_pool):
    result = live_pool.sh("id -u; id -g")
    uid, gid = map(int, result.stdout.split())
    assert uid >= 23000 and gid == uid
