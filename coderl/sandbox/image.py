"""Builds the sandbox image offline from Debian packages: debootstrap a minimal root with python3 and
pytest, strip caches and docs, import it into Podman. No container registry is needed."""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from coderl.sandbox.podman import EngineError, PodmanEngine

__all__ = ["GITCONFIG", "PACKAGES", "build_image", "default_mirror"]

log = logging.getLogger("coderl.sandbox")

# What a code agent expects to find; network clients are present so that they fail like on any offline machine.
PACKAGES = ("python3", "python3-pytest", "python3-pip", "git", "curl", "ca-certificates")
# git's system configuration: an identity, so that the agent's own `git commit` works as on a developer's machine
# (without one git refuses to invent it, and only the grader's fallback identity made a commit exist: red-team
# round 12). The commit made at the episode's end then carries the agent's identity, whoever commits.
GITCONFIG = "[user]\n\tname = coderl agent\n\temail = agent@sandbox.invalid\n"
_STRIP = ("var/cache/apt", "var/lib/apt/lists", "usr/share/doc", "usr/share/locale", "usr/share/man", "usr/share/info")


def default_mirror() -> str:
    """The Debian mirror the host's apt uses (so the build works wherever apt works)."""
    for source in [*sorted(Path("/etc/apt/sources.list.d").glob("*")), Path("/etc/apt/sources.list")]:
        try:
            text = source.read_text()
        except OSError:
            continue
        for line in text.splitlines():
            parts = line.split()
            if line.startswith("URIs:") and len(parts) > 1 and "security" not in parts[1]:
                return parts[1]
            if line.startswith("deb ") and len(parts) > 2 and "security" not in parts[1]:
                return parts[1] if not parts[1].startswith("[") else parts[2]
    return "http://deb.debian.org/debian"


def build_image(
    engine: PodmanEngine, *, suite: str = "bookworm", mirror: str | None = None, force: bool = False
) -> str:
    """Build (or keep) ``engine.config.image``; returns what was done. Needs root for debootstrap."""
    image = engine.config.image
    if not force and engine.image_exists(image):
        return f"image {image} already exists (use --force to rebuild)"
    if os.geteuid() != 0:
        raise EngineError("building the image runs debootstrap, which needs root")
    if shutil.which("debootstrap") is None:
        raise EngineError("debootstrap is not installed; run scripts/setup-podman.sh")
    mirror = mirror or default_mirror()
    with tempfile.TemporaryDirectory(prefix="coderl-rootfs-") as tmp:
        rootfs = Path(tmp) / "rootfs"
        log.info("debootstrap %s from %s with %s (about a minute)", suite, mirror, ", ".join(PACKAGES))
        proc = subprocess.run(
            ["debootstrap", "--variant=minbase", f"--include={','.join(PACKAGES)}", suite, str(rootfs), mirror],
            capture_output=True,
            text=True,
        )
        if proc.returncode != 0:
            raise EngineError(f"debootstrap failed: {(proc.stdout + proc.stderr)[-2000:]}")
        for rel in _STRIP:
            target = rootfs / rel
            if target.is_dir():
                shutil.rmtree(target)
                target.mkdir()
        (rootfs / "etc" / "gitconfig").write_text(GITCONFIG)
        os.chmod(tmp, 0o755)  # the rootless user reads the tree through tar run as root; keep it traversable
        engine.import_rootfs(rootfs, image)
    return f"built image {image} ({suite}, {', '.join(PACKAGES)})"
