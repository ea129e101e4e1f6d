"""Placement: joining or starting the Ray cluster, what each role asks of a node, and what is placed where.

Roles and the resources they ask for (fractional CPUs: the actors themselves are light, the work happens in
their engines and containers):

==================  =====================================================  ================================
role                resources                                              node
==================  =====================================================  ================================
EpisodeWorker       ``num_cpus=0.25``, ``{"coderl_sandbox": 1}``           a sandbox node (Podman, image)
RolloutWorker       ``num_cpus=0.5`` on CPU, ``num_gpus=1`` on GPU         any node / a GPU node
LearnerWorker       ``num_cpus=0.5`` on CPU, ``num_gpus=1`` on GPU         any node / a GPU node
controller          the driver process of ``coderl train``                 where the command runs
==================  =====================================================  ================================

A sandbox node is marked with ``ray start --resources='{"coderl_sandbox": 1}'``, so at most one EpisodeWorker
lands on it and holds its Podman pool. A cluster that :func:`connect` starts itself (``[cluster] address``
unset) is one node with ``episode_workers`` units of ``coderl_sandbox``; it is shut down by :func:`disconnect`
(its raylet, GCS and workers end). Every actor is named ``coderl-<run>/<role>-<i>`` in the ``coderl``
namespace, so ``coderl cluster status`` can list them and say on which node each one runs.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import tempfile
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from coderl.train.config import ClusterSection

__all__ = [
    "NAMESPACE",
    "SANDBOX_RESOURCE",
    "Cluster",
    "ClusterUnavailable",
    "actor_options",
    "connect",
    "disconnect",
    "require_ray",
    "status",
    "where",
]

NAMESPACE = "coderl"
SANDBOX_RESOURCE = "coderl_sandbox"

# role -> Ray options on a CPU cluster (fractions of a core: the actors wait on engines and containers)
_CPU_OPTIONS: dict[str, dict[str, Any]] = {
    "episode": {"num_cpus": 0.25, "resources": {SANDBOX_RESOURCE: 1}},
    "rollout": {"num_cpus": 0.5},
    "learner": {"num_cpus": 0.5},
}


class ClusterUnavailable(RuntimeError):
    """Ray is not installed, or the cluster cannot be reached or lacks what the run needs (the message says)."""


def require_ray() -> Any:
    """The ``ray`` module, or :class:`ClusterUnavailable` naming the extra to install."""
    try:
        import ray
    except ImportError as exc:
        raise ClusterUnavailable(
            f'[cluster] backend = "ray" needs Ray, which is not installed here ({exc}); pip install "coderl[ray]"'
        ) from exc
    return ray


@dataclass
class Cluster:
    """A connection to a Ray cluster; ``started`` when this process started it (and must shut it down)."""

    address: str
    started: bool
    temp_dir: str | None = None


def connect(section: ClusterSection, *, cpus: int | None = None) -> Cluster:
    """Join ``section.address`` or start a one-node cluster for the run (``cpus`` or ``section.cpus`` cores,
    0: all; ``episode_workers`` units of the sandbox resource). Raises :class:`ClusterUnavailable` when Ray is
    missing or the address does not answer."""
    if section.address is not None:
        _token_auth_when_token_exists()  # read when Ray is imported: before require_ray()
    ray = require_ray()
    if ray.is_initialized():
        raise ClusterUnavailable("this process is already connected to a Ray cluster (ray.shutdown() it first)")
    env = {"env_vars": {"TOKENIZERS_PARALLELISM": "false", "PYTHONWARNINGS": "ignore::DeprecationWarning"}}
    if section.address is not None:
        if section.address != "auto":  # fail in seconds, not after Ray's minute of retries
            host, _, port = section.address.rpartition(":")
            try:
                socket.create_connection((host, int(port)), timeout=5).close()
            except OSError as exc:
                raise ClusterUnavailable(
                    f"[cluster] address {section.address!r}: no Ray head answers there ({exc}); start one with "
                    "`ray start --head` or leave address out to start a one-node cluster"
                ) from exc
        try:
            with _keep_sigterm():
                info = ray.init(address=section.address, namespace=NAMESPACE, runtime_env=env, log_to_driver=False)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise ClusterUnavailable(
                f"[cluster] address {section.address!r}: cannot join the Ray cluster ({exc})"
            ) from exc
        return Cluster(address=str(info.address_info.get("address", section.address)), started=False)
    # a short private directory: Ray's socket paths must fit in 107 bytes, and it tells our processes apart
    temp_dir = tempfile.mkdtemp(prefix="crl-", dir="/tmp")
    count = cpus if cpus is not None else section.cpus
    with _keep_sigterm(temp_dir):
        info = ray.init(
            num_cpus=count or os.cpu_count() or 1,
            resources={SANDBOX_RESOURCE: float(section.episode_workers)},
            namespace=NAMESPACE,
            include_dashboard=False,
            runtime_env=env,
            log_to_driver=False,
            _temp_dir=temp_dir,
        )
    return Cluster(address=str(info.address_info["address"]), started=True, temp_dir=temp_dir)


def _token_auth_when_token_exists() -> None:
    """Ray 2.60 starts clusters with token authentication (the token in ``~/.ray/auth_token``), but a process that
    joins one sends the token only under ``RAY_AUTH_MODE=token``: without it the join is refused, retried for
    minutes. Set it for this process when a token is there and the mode was left unset."""
    if "RAY_AUTH_MODE" not in os.environ and (Path.home() / ".ray" / "auth_token").is_file():
        os.environ["RAY_AUTH_MODE"] = "token"


@contextlib.contextmanager
def _keep_sigterm(where: str = "/") -> Iterator[None]:
    """Around ``ray.init``: keep this process's SIGTERM handler (Ray installs its own, one that ends the process at
    once; ``coderl train`` turns SIGTERM into Ctrl-C, so that the run closes its workers' sandboxes and shuts down
    the cluster it started on the way out), and stand in ``where`` meanwhile: Ray puts the driver's working
    directory at the front of every worker's ``sys.path``, and a checkout's root there would shadow the installed
    coderl (whose compiled extension the source tree lacks) in every actor."""
    main = threading.current_thread() is threading.main_thread()
    previous = signal.getsignal(signal.SIGTERM) if main else None
    here = os.getcwd()
    os.chdir(where)
    try:
        yield
    finally:
        os.chdir(here)
        if main and previous is not None:
            signal.signal(signal.SIGTERM, previous)


def disconnect(cluster: Cluster | None) -> None:
    """Leave the cluster; a cluster this process started is shut down with it (all its processes end, and its
    temporary directory goes)."""
    ray = require_ray()
    if ray.is_initialized():
        ray.shutdown()
    if cluster is not None and cluster.started and cluster.temp_dir:
        shutil.rmtree(cluster.temp_dir, ignore_errors=True)


def actor_options(role: str, *, gpu: bool = False, name: str | None = None) -> dict[str, Any]:
    """The ``.options(...)`` of a role's actor: its resources (``gpu``: one GPU instead of the CPU share), its
    name in the ``coderl`` namespace, and restarts for episode and rollout workers (a dead one is replaced)."""
    options = dict(_CPU_OPTIONS[role])
    if gpu and role in ("rollout", "learner"):
        options = {"num_cpus": 1, "num_gpus": 1}
    if role in ("episode", "rollout"):
        options["max_restarts"] = 3
    if name is not None:
        options.update(name=name, namespace=NAMESPACE)
    return options


def where() -> dict[str, Any]:
    """Where the calling process runs: node id and address, host name, pid (actors answer this for status)."""
    ray = require_ray()
    context = ray.get_runtime_context()
    return {
        "node_id": context.get_node_id(),
        "ip": ray.util.get_node_ip_address(),
        "host": socket.gethostname(),
        "pid": os.getpid(),
    }


def status() -> dict[str, Any]:
    """The connected cluster's nodes (address, alive, resources) and coderl's named actors with their node."""
    ray = require_ray()
    nodes = [
        {
            "node_id": n["NodeID"],
            "address": n.get("NodeManagerAddress"),
            "alive": bool(n.get("Alive")),
            "resources": {k: v for k, v in n.get("Resources", {}).items() if not k.startswith("node:")},
        }
        for n in ray.nodes()
    ]
    actors = []
    for entry in ray.util.list_named_actors(all_namespaces=True):
        if entry.get("namespace") != NAMESPACE:
            continue
        name = entry["name"]
        try:
            handle = ray.get_actor(name, namespace=NAMESPACE)
            placed = ray.get(handle.where.remote(), timeout=30)
        except Exception as exc:  # a dead or restarting actor is reported, not fatal
            placed = {"error": f"{type(exc).__name__}: {exc}"}
        actors.append({"name": name, **placed})
    return {"nodes": nodes, "actors": sorted(actors, key=lambda a: a["name"])}
