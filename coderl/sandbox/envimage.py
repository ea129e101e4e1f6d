"""Per-environment sandbox images: the base image plus what a task environment installs.

A task may declare a Python version, pip requirements and a setup script (``coderl.task.EnvironmentSpec``);
tasks that declare the same ones share one image, named after the hash of what it installs
(``localhost/BASE-env:KEY``), built ``FROM`` the sandbox image by ``coderl sandbox build --tasks DIR``.
The network is used only by this build (pip and apt reach their registries); the containers made from
the image run with no network like any sandbox. An image that exists is kept (``force`` rebuilds it), so
a second build of the same suite costs nothing.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shlex
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from coderl.sandbox.podman import LABEL, EngineError, PodmanEngine

__all__ = ["EnvironmentBuild", "build_environment", "host_ca_bundle"]

log = logging.getLogger("coderl.sandbox")


@dataclass
class EnvironmentBuild:
    """What ``build_environment`` did for one environment (the numbers ``coderl sandbox build`` reports)."""

    image: str
    key: str
    tasks: list[str] = field(default_factory=list)
    built: bool = False  # False: the image existed already (cached)
    seconds: float = 0.0
    size_bytes: int = 0
    added_bytes: int = 0  # over the base image

    def to_json(self) -> dict[str, object]:
        return {
            "image": self.image,
            "key": self.key,
            "tasks": self.tasks,
            "built": self.built,
            "seconds": round(self.seconds, 1),
            "size_mb": round(self.size_bytes / 1e6, 1),
            "added_mb": round(self.added_bytes / 1e6, 1),
        }


_CA_MOUNT = "/run/coderl-host-ca.crt"


def host_ca_bundle() -> Path | None:
    """The certificate bundle this host's pip trusts (a proxy's CA included), lent to the build's steps."""
    system = "/etc/ssl/certs/ca-certificates.crt"
    for candidate in (os.environ.get("PIP_CERT"), os.environ.get("SSL_CERT_FILE"), system):
        if candidate and Path(candidate).is_file():
            return Path(candidate)
    return None


def _containerfile(
    base: str,
    key: str,
    python: str,
    requirements: tuple[str, ...],
    setup: bool,
    ca: bool = False,
    base_id: str = "",
) -> str:
    # The host's CA bundle is bind-mounted into the steps that use the network, never copied into the image.
    mount = f"--mount=type=bind,source=host-ca.crt,target={_CA_MOUNT} " if ca else ""
    tls = (
        f"PIP_CERT={_CA_MOUNT} SSL_CERT_FILE={_CA_MOUNT} REQUESTS_CA_BUNDLE={_CA_MOUNT} CURL_CA_BUNDLE={_CA_MOUNT} "
        if ca
        else ""
    )
    lines = [
        f"FROM {base}",
        f"LABEL {LABEL}.image=1 {LABEL}.env={key}" + (f" {LABEL}.base={base_id}" if base_id else ""),
    ]
    if python:
        want = shlex.quote(python)
        lines.append(
            "RUN have=$(python3 -c 'import sys; print(\"%d.%d\" % sys.version_info[:2])') && "
            f'if [ "$have" != {want} ]; then echo "the base image has Python $have; '
            f'this environment asks for {python} (rebuild the base image with that Python)" >&2; exit 1; fi'
        )
    if setup:
        lines.append("COPY setup.sh /tmp/coderl-setup.sh")
        lines.append(f"RUN {mount}{tls}bash -eu /tmp/coderl-setup.sh && rm -f /tmp/coderl-setup.sh")
    if requirements:
        lines.append(
            f"RUN {mount}{tls}python3 -m pip install --no-cache-dir --disable-pip-version-check "
            "--break-system-packages --root-user-action=ignore " + " ".join(shlex.quote(r) for r in requirements)
        )
    return "\n".join(lines) + "\n"


def _inspect(engine: PodmanEngine, image: str, template: str) -> str:
    """One field of ``podman image inspect`` (``template`` in Go's template syntax), stripped."""
    return engine.cli("image", "inspect", "--format", template, image).strip()


def build_environment(
    engine: PodmanEngine,
    image: str,
    key: str,
    *,
    python: str = "",
    requirements: tuple[str, ...] = (),
    setup: str = "",
    force: bool = False,
    timeout: float = 1800.0,
) -> EnvironmentBuild:
    """Build ``image`` FROM the engine's base image (kept when it exists and was built from the base image as it is
    now; ``force`` rebuilds it from nothing, no layer reused)."""
    result = EnvironmentBuild(image=image, key=key)
    base = engine.config.image
    if not engine.image_exists(base):
        raise EngineError(f"sandbox image {base} not found; run `coderl sandbox build` first")
    base_id = _inspect(engine, base, "{{.Id}}")
    # An image built FROM another base (the base rebuilt, or a new one under the same name) is stale: rebuilt.
    stale = engine.image_exists(image) and _inspect(engine, image, f'{{{{index .Labels "{LABEL}.base"}}}}') != base_id
    if force or stale or not engine.image_exists(image):
        if stale:
            log.info("%s was built from another base image than %s: rebuilding it", image, base)
        start = time.perf_counter()
        with tempfile.TemporaryDirectory(prefix="coderl-env-") as tmp:
            context = Path(tmp)
            ca = host_ca_bundle()
            if ca is not None:
                (context / "host-ca.crt").write_bytes(ca.read_bytes())
            text = _containerfile(base, key, python, requirements, bool(setup), ca is not None, base_id)
            (context / "Containerfile").write_text(text)
            if setup:
                (context / "setup.sh").write_text(setup)
            for path in (context, *context.iterdir()):  # the rootless user reads the build context
                os.chmod(path, 0o755 if path.is_dir() else 0o644)
            log.info("building %s (%s)", image, ", ".join(requirements) or "setup script")
            try:
                engine.cli(
                    "build",
                    "--quiet",
                    "--pull=never",
                    "--network=host",
                    *(["--no-cache"] if force else []),
                    "-t",
                    image,
                    "-f",
                    str(context / "Containerfile"),
                    tmp,
                    timeout=timeout,
                )
            except EngineError:
                # A failed build leaves its finished steps as untagged images: remove this environment's.
                with contextlib.suppress(EngineError):
                    engine.cli("image", "prune", "--force", "--filter", f"label={LABEL}.env={key}")
                raise
        result.built = True
        result.seconds = time.perf_counter() - start
        # A rebuild leaves the image it replaced untagged: remove it (and any of this environment's leftovers).
        with contextlib.suppress(EngineError):
            engine.cli("image", "prune", "--force", "--filter", f"label={LABEL}.env={key}")
    sizes = [int(i.get("Size", 0)) for i in json.loads(engine.cli("image", "inspect", image, base))]
    result.size_bytes = sizes[0] if sizes else 0
    result.added_bytes = sizes[0] - sizes[1] if len(sizes) == 2 else 0
    return result
