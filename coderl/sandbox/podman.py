"""The Podman backend: containers through podman-py, the agent stream through one ``podman exec``.

Everything Podman-specific lives here, so another container engine could slot in beside it. As root
in rootless mode, Podman runs as the unprivileged sandbox user (``runuser``) with its own API service.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import logging
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from coderl.sandbox import agent as agent_module
from coderl.sandbox import spawner
from coderl.sandbox.config import SandboxConfig

__all__ = ["LABEL", "EngineError", "PodmanEngine", "cgroup_version"]

log = logging.getLogger("coderl.sandbox")

LABEL = "coderl.sandbox"
OWNER_LABEL = "coderl.owner"
AGENT_CAPS = ["SETUID", "SETGID", "KILL"]
# Everything the sandbox uid can write (a test asserts it): emptied at every reset. /dev/mqueue holds
# POSIX message queues; SysV IPC objects have no directory and are removed by the reset itself.
SCRATCH = ["/workspace", "/tmp", "/dev/shm", "/dev/mqueue"]
UID_STEP = 2  # each sandbox owns uid and uid + 1 (the grader's identity)
UID_END = 65000  # container uids must stay inside the rootless user's subordinate range (65536)


class EngineError(RuntimeError):
    """Podman is missing, misconfigured, or refused an operation."""


def cgroup_version() -> int:
    """1 or 2: cgroup v2 has a unified ``cgroup.controllers`` at the root."""
    return 2 if Path("/sys/fs/cgroup/cgroup.controllers").exists() else 1


def _process_start(pid: int) -> str | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return None


def owner_token(pid: int | None = None) -> str:
    """Identifies a live process across pid reuse: host, pid and start time."""
    pid = os.getpid() if pid is None else pid
    return f"{socket.gethostname()}:{pid}:{_process_start(pid)}"


# Runs "$@" (podman system service) in the background and stops it when stdin reaches its end.
_SERVICE_WATCH = '"$@" & service=$!; read -r _; kill "$service" 2>/dev/null; wait "$service"'
_SERVICE_SOCKET = re.compile(rb"coderl-api-(\d+)-[0-9a-f]+\.sock")


def reap_orphaned_services() -> int:
    """Stop every ``podman system service`` that coderl started for a process that no longer exists
    (killed with SIGKILL, or crashed before its pool closed): such a service outlives its owner forever.
    Its socket's name carries the owner's pid. Returns how many processes were signalled."""
    stopped = 0
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/cmdline", "rb") as f:
                cmdline = f.read()
        except OSError:
            continue
        if b"system\0service" not in cmdline:
            continue
        found = _SERVICE_SOCKET.search(cmdline)
        if found is None or os.path.exists(f"/proc/{int(found.group(1))}"):
            continue
        with contextlib.suppress(OSError):
            os.kill(int(entry.name), signal.SIGTERM)
            stopped += 1
    if stopped:
        log.info("stopped %d podman API service process(es) left by coderl runs that died", stopped)
    return stopped


def owner_alive(token: str) -> bool:
    """Whether the process that labelled a container still runs (other hosts count as alive)."""
    try:
        host, pid, start = token.rsplit(":", 2)
    except ValueError:
        return False
    if host != socket.gethostname():
        return True
    return _process_start(int(pid)) == start


DEFAULT_SECCOMP = "/usr/share/containers/seccomp.json"
_NAMESPACE_FLAGS = 0x7E020000  # CLONE_NEWNS | NEWCGROUP | NEWUTS | NEWIPC | NEWUSER | NEWPID | NEWNET


def restrict_namespaces(profile: dict[str, Any]) -> dict[str, Any]:
    """A seccomp profile where ``unshare`` fails, ``clone`` may not make namespaces, and ``clone3`` is
    absent (so libc falls back to ``clone``): a sandboxed process cannot regain capabilities in a new
    user namespace."""
    rules = []
    for rule in profile["syscalls"]:
        names = [n for n in rule["names"] if n not in ("unshare", "clone", "clone3")]
        if names:
            rules.append({**rule, "names": names})
    rules += [
        {"names": ["unshare"], "action": "SCMP_ACT_ERRNO", "errnoRet": 1},
        {"names": ["clone3"], "action": "SCMP_ACT_ERRNO", "errnoRet": 38},
        {
            "names": ["clone"],
            "action": "SCMP_ACT_ALLOW",
            "args": [{"index": 0, "value": _NAMESPACE_FLAGS, "valueTwo": 0, "op": "SCMP_CMP_MASKED_EQ"}],
        },
    ]
    return {**profile, "syscalls": rules}


class PodmanEngine:
    """Podman for one identity (rootless user or root): CLI prefix, API service and podman-py client."""

    def __init__(self, config: SandboxConfig | None = None) -> None:
        self.config = config or SandboxConfig()
        if shutil.which("podman") is None:
            raise EngineError("podman is not installed; run scripts/setup-podman.sh (as root) or install podman")
        euid = os.geteuid()
        self.switch_user = self.config.mode == "rootless" and euid == 0
        if self.config.mode == "rootful" and euid != 0:
            raise EngineError("sandbox mode 'rootful' needs root; use mode 'rootless'")
        if self.switch_user:
            try:
                entry = pwd.getpwnam(self.config.user)
            except KeyError as exc:
                raise EngineError(
                    f"rootless sandbox user {self.config.user!r} does not exist; run scripts/setup-podman.sh"
                ) from exc
            self.uid, self.home = entry.pw_uid, entry.pw_dir
        else:
            self.uid, self.home = euid, os.path.expanduser("~")
        self.rootless = self.uid != 0
        default_run = os.environ.get("XDG_RUNTIME_DIR") if not self.switch_user else None
        self.runtime_dir = Path(default_run or f"/tmp/coderl-podman-{self.uid}")
        self.socket_path = self.runtime_dir / f"coderl-api-{os.getpid()}-{uuid.uuid4().hex[:6]}.sock"
        self._service: subprocess.Popen[bytes] | None = None
        self._client: Any = None
        self._lock = threading.RLock()
        self._image_checked = False
        self._uid_leases: dict[str, tuple[int, list[int]]] = {}  # container id -> (uid, locked fds)
        self._spawn_helper: Path | bool | None = False  # False: not looked for yet

    # --- identity and CLI -----------------------------------------------------------------------
    @property
    def limits_enforced(self) -> bool:
        """Cgroup limits hold unless rootless on cgroup v1, where the ulimit fallback applies."""
        return not (self.rootless and cgroup_version() == 1)

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("CONTAINERS_", "XDG_", "DBUS_"))}
        env.update(XDG_RUNTIME_DIR=str(self.runtime_dir), HOME=self.home)
        return env

    def command(self, *args: str) -> list[str]:
        """A podman command line for this identity."""
        prefix = ["runuser", "-u", self.config.user, "--"] if self.switch_user else []
        return [*prefix, "podman", *args]

    def _ensure_runtime_dir(self) -> None:
        self.runtime_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        if self.switch_user:
            os.chown(self.runtime_dir, self.uid, -1)

    def cli(self, *args: str, input: bytes | None = None, timeout: float = 120.0) -> str:
        """Run a podman command; raise EngineError with its stderr when it fails."""
        self._ensure_runtime_dir()
        proc = subprocess.run(
            self.command(*args), input=input, capture_output=True, env=self.env(), cwd="/", timeout=timeout
        )
        if proc.returncode != 0:
            err = "\n".join(
                line for line in proc.stderr.decode(errors="replace").splitlines() if "not a shared mount" not in line
            )
            raise EngineError(f"podman {' '.join(args[:2])} failed ({proc.returncode}): {err.strip()}")
        return proc.stdout.decode(errors="replace")

    # --- API service and client -----------------------------------------------------------------
    def client(self) -> Any:
        """The podman-py client, starting a private API service on first use (after stopping the
        services of coderl processes that died without stopping theirs)."""
        with self._lock:
            if self._client is not None:
                return self._client
            import podman

            reap_orphaned_services()
            self._ensure_runtime_dir()
            service = self.command("system", "service", "--time=0", f"unix://{self.socket_path}")
            prefix, podman_argv = service[: service.index("podman")], service[service.index("podman") :]
            # The service runs under a shell that holds the read end of a pipe whose write end only this
            # process has: when this process ends, however it ends (SIGKILL too), the shell reads EOF and
            # stops the service. ``close`` closes the pipe the same way.
            self._service = subprocess.Popen(
                [*prefix, "sh", "-c", _SERVICE_WATCH, "coderl-podman-service", *podman_argv],
                env=self.env(),
                cwd="/",
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                start_new_session=True,
            )
            client = podman.PodmanClient(base_url=f"unix://{self.socket_path}")
            deadline = time.monotonic() + 20
            while True:
                if self._service.poll() is not None:
                    err = self._service.stderr.read().decode(errors="replace") if self._service.stderr else ""
                    raise EngineError(f"podman API service exited: {err.strip()}")
                with contextlib.suppress(Exception):
                    if self.socket_path.exists() and client.ping():
                        break
                if time.monotonic() > deadline:
                    raise EngineError(f"podman API service did not answer on {self.socket_path}")
                time.sleep(0.05)
            self._client = client
            return client

    def close(self) -> None:
        """Stop the private API service and free every uid still leased."""
        with self._lock:
            for container_id in list(self._uid_leases):
                self.release_uid(container_id)
            if self._client is not None:
                with contextlib.suppress(Exception):
                    self._client.close()
                self._client = None
            if self._service is not None:
                if self._service.stdin is not None:
                    with contextlib.suppress(OSError):
                        self._service.stdin.close()  # the watching shell stops the service and exits
                try:
                    self._service.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    self._service.terminate()
                    try:
                        self._service.wait(timeout=5)
                    except subprocess.TimeoutExpired:
                        self._service.kill()
                        self._service.wait()
                self._service = None
            with contextlib.suppress(OSError):
                self.socket_path.unlink()

    # --- images ---------------------------------------------------------------------------------
    def image_exists(self, image: str | None = None) -> bool:
        return bool(self.client().images.exists(image or self.config.image))

    def import_rootfs(self, rootfs: Path, image: str) -> None:
        """Import a root filesystem directory as an image (owned by this identity's storage)."""
        tar = subprocess.Popen(["tar", "-C", str(rootfs), "-c", "."], stdout=subprocess.PIPE)
        assert tar.stdout is not None
        self._ensure_runtime_dir()
        proc = subprocess.run(
            self.command("import", "--change", f"LABEL {LABEL}.image=1", "-", image),
            stdin=tar.stdout,
            capture_output=True,
            env=self.env(),
            cwd="/",
        )
        tar.wait()
        if proc.returncode != 0 or tar.returncode != 0:
            raise EngineError(f"podman import failed: {proc.stderr.decode(errors='replace').strip()}")

    def seccomp_profile(self) -> Path:
        """Podman's default seccomp profile without namespace creation (no nested user namespaces)."""
        path = self.runtime_dir / "coderl-seccomp.json"
        if not path.exists():
            self._ensure_runtime_dir()
            path.write_text(json.dumps(restrict_namespaces(json.loads(Path(DEFAULT_SECCOMP).read_text()))))
            if self.switch_user:
                os.chown(path, self.uid, -1)
        return path

    def spawn_helper(self) -> Path | None:
        """The native launcher of sandbox commands (``spawner``), built once per host; None without one."""
        with self._lock:
            if self._spawn_helper is False:
                self._ensure_runtime_dir()
                self._spawn_helper = spawner.build(self.runtime_dir, self.uid if self.switch_user else None)
            return self._spawn_helper if isinstance(self._spawn_helper, Path) else None

    # --- containers -----------------------------------------------------------------------------
    def create(self, name: str, *, pool: str) -> str:
        """Create and start one sandbox container (idle ``sleep``; the agent is exec'd into it)."""
        cfg = self.config
        if not self._image_checked:  # once per engine: every grade creates a container
            if not self.image_exists():
                raise EngineError(f"sandbox image {cfg.image} not found; run `coderl sandbox build`")
            self._image_checked = True
        mounts = [
            {"type": "tmpfs", "source": "tmpfs", "target": "/workspace", "size": cfg.workspace_size, "mode": "1777"},
            {"type": "tmpfs", "source": "tmpfs", "target": "/tmp", "size": cfg.tmp_size, "mode": "1777"},
        ]
        helper = self.spawn_helper()
        if helper is not None:
            mounts.append({"type": "bind", "source": str(helper), "target": spawner.TARGET, "read_only": True})
        kwargs: dict[str, Any] = {
            "image": cfg.image,
            "command": ["sleep", "infinity"],
            "name": name,
            "labels": {LABEL: "1", f"{LABEL}.pool": pool, OWNER_LABEL: owner_token()},
            "hostname": "sandbox",
            # Removed by Podman as soon as it stops: the agent stops it when its owner's stream closes,
            # so a killed owner leaves nothing behind (see ``agent.end_container``).
            "auto_remove": True,
            "network_mode": "none",
            "cap_drop": ["ALL"],
            "cap_add": AGENT_CAPS,
            "no_new_privileges": True,
            "seccomp_profile_path": str(self.seccomp_profile()),
            "read_only": True,
            # Each uid sees only its own processes in /proc; the agent (group 0) sees all of them, as its clean-up
            # needs. A grade's trusted processes run beside the agent's code under another uid: their command
            # lines (a check's arguments) are not the code's to read (red-team round 25).
            "procfs_opts": ["hidepid=2", "gid=0"],
            "init": True,
            "user": "0",
            "working_dir": "/workspace",
            "mounts": mounts,
            "mem_limit": cfg.memory,
            "memswap_limit": cfg.memory,
            "pids_limit": cfg.pids,
            "cpu_period": 100_000,
            "cpu_quota": int(cfg.cpus * 100_000),
        }
        if not self.rootless:
            kwargs["userns_mode"] = "auto"
        client = self.client()
        with self._lock:
            container = client.containers.create(**kwargs)
            try:
                container.start()
            except Exception:
                with contextlib.suppress(Exception):
                    container.remove(force=True)
                raise
        return str(container.id)

    def remove(self, container_ids: Sequence[str]) -> None:
        """Force-remove containers (already-gone ones are fine), then free their sandbox uids."""
        if not container_ids:
            return
        with contextlib.suppress(EngineError):
            self.cli("rm", "--force", "--time", "0", *container_ids, timeout=60)
        for container_id in container_ids:
            self.release_uid(container_id)

    # --- sandbox uids ---------------------------------------------------------------------------
    def lease_uid(self, container_id: str) -> int:
        """A sandbox uid no other live sandbox of this Podman identity uses, held until the container
        is removed.

        RLIMIT_NPROC counts the processes of a real uid across every container of the rootless user (one
        user namespace, one subordinate uid per container uid), so sandboxes that shared a uid shared one
        process budget: one pool could starve another. Uids are ``sandbox_uid + 2k`` (``uid + 1`` is the
        grader's); each pair is claimed with exclusive ``flock``s on two files in this identity's runtime
        directory, which the kernel releases when the owning process dies, so concurrent pools and
        processes never collide and a killed run frees its uids. A uid whose last container outlived its
        killed owner is skipped while that container exists (``remove_leftovers`` removes it).
        """
        directory = self.runtime_dir / "uids"
        self._ensure_runtime_dir()
        directory.mkdir(mode=0o700, exist_ok=True)
        with self._lock:
            taken = {uid for uid, _ in self._uid_leases.values()}
            for uid in range(self.config.sandbox_uid, UID_END, UID_STEP):
                if uid in taken:
                    continue
                fds: list[int] = []
                for number in (uid, uid + 1):  # both: a pool with an odd sandbox_uid must not take our grader's
                    fd = os.open(directory / str(number), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
                    try:
                        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    except OSError:
                        os.close(fd)
                        break
                    fds.append(fd)
                if len(fds) < 2 or any(self._left_running(fd) for fd in fds):
                    for fd in fds:
                        os.close(fd)
                    continue
                os.ftruncate(fds[0], 0)
                os.pwrite(fds[0], container_id.encode(), 0)
                self._uid_leases[container_id] = (uid, fds)
                return uid
        raise EngineError(f"no free sandbox uid in [{self.config.sandbox_uid}, {UID_END}) (all leased)")

    def _left_running(self, fd: int) -> bool:
        """Whether the container named in a uid's lock file still exists. The file names its container
        while leased and is emptied on release, so a name found in an unlocked file was left by a
        process that died without removing its container, whose processes may still hold the uid."""
        holder = os.pread(fd, 256, 0).decode(errors="replace").strip()
        if not holder:
            return False
        try:
            return bool(self.client().containers.exists(holder))
        except Exception:
            return True  # cannot tell: keep away from that uid

    def release_uid(self, container_id: str) -> None:
        """Free the uid leased for a container (no-op if it holds none)."""
        with self._lock:
            lease = self._uid_leases.pop(container_id, None)
        if lease is not None:
            with contextlib.suppress(OSError):
                os.ftruncate(lease[1][0], 0)
            for fd in lease[1]:
                os.close(fd)

    def list_sandboxes(self) -> list[dict[str, Any]]:
        """Every coderl sandbox container of this identity: id, name, labels, state."""
        with self._lock:
            found = self.client().containers.list(all=True, filters={"label": f"{LABEL}=1"})
        return [{"id": c.id, "name": c.name, "labels": c.labels or {}, "state": c.attrs.get("State")} for c in found]

    def remove_leftovers(self) -> int:
        """Remove sandboxes whose owning process is gone (e.g. killed); returns how many."""
        stale = [c["id"] for c in self.list_sandboxes() if not owner_alive(c["labels"].get(OWNER_LABEL, ""))]
        if stale:
            log.info("removing %d leftover sandbox container(s)", len(stale))
            self.remove(stale)
        return len(stale)

    def agent_command(self, container_id: str, settings: dict[str, Any]) -> list[str]:
        """The one ``podman exec`` that runs the agent for a container's whole life."""
        source = Path(agent_module.__file__).read_text()
        return self.command(
            "exec",
            "-i",
            "--user",
            "0",
            container_id,
            "/usr/bin/python3",
            "-I",
            "-S",
            "-c",
            source,
            json.dumps(settings),
        )

    def agent_settings(self, sandbox_uid: int) -> dict[str, Any]:
        """What the agent needs: the sandbox uid (and the grader's, the next one), scratch dirs and,
        without cgroups, per-process rlimits plus the memory guard that bounds all processes together."""
        cfg = self.config
        rlimits: dict[str, int] = {"fsize": int(max(cfg.workspace_size, cfg.tmp_size))}  # type: ignore[call-overload]
        settings: dict[str, Any] = {"uid": sandbox_uid, "gid": sandbox_uid, "grader_uid": sandbox_uid + 1}
        if not self.limits_enforced:
            rlimits.update(nproc=cfg.pids, cpu=int(cfg.timeout_s) + 1)
            rlimits["as"] = int(cfg.memory)  # type: ignore[arg-type]
            if cfg.memory_guard:
                settings["memory_guard"] = int(cfg.memory)  # type: ignore[arg-type]
        if self.spawn_helper() is not None:
            settings["spawn_helper"] = spawner.TARGET
        return {**settings, "scratch": SCRATCH, "rlimits": rlimits, "end_with_stream": True}

    def describe(self) -> dict[str, Any]:
        """Facts for logs and ``coderl sandbox check``."""
        return {
            "python": sys.version.split()[0],
            "mode": self.config.mode,
            "rootless": self.rootless,
            "user": self.config.user if self.switch_user else pwd.getpwuid(self.uid).pw_name,
            "cgroup_version": cgroup_version(),
            "limits": "cgroups"
            if self.limits_enforced
            else "no cgroups (rootless on cgroup v1): per-process ulimits, per-sandbox uids, memory guard",
        }
