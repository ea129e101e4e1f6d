"""``coderl cluster status [--address ADDR]``: the Ray cluster's nodes and where coderl's actors run."""

from __future__ import annotations

import argparse
import json
import sys

from coderl.exitcodes import BAD_INPUT, INFRASTRUCTURE, OK

__all__ = ["register"]


def _status(args: argparse.Namespace) -> int:
    """Join the cluster at ``--address`` (``auto``: the one ``ray start`` left on this machine), print its nodes
    and coderl's actors as JSON, leave. Exit 2 for a malformed address, 3 when Ray is missing or nothing answers."""
    from pydantic import ValidationError

    from coderl.train.config import ClusterSection

    try:
        section = ClusterSection(backend="ray", address=args.address)
    except ValidationError as exc:
        message = str(exc.errors()[0]["msg"]).removeprefix("Value error, ")
        print(f"coderl cluster: --address: {message}", file=sys.stderr)
        return BAD_INPUT
    from coderl.distributed.cluster import ClusterUnavailable, connect, disconnect, status

    try:
        cluster = connect(section)
    except ClusterUnavailable as exc:
        print(f"coderl cluster: {exc}", file=sys.stderr)
        return INFRASTRUCTURE
    try:
        print(json.dumps({"address": cluster.address, **status()}, indent=2))
    finally:
        disconnect(cluster)
    return OK


def register(sub: argparse._SubParsersAction) -> None:
    cluster = sub.add_parser("cluster", help="the Ray cluster of a distributed run (coderl[ray])")
    commands = cluster.add_subparsers(dest="cluster_command", metavar="COMMAND", required=True)
    show = commands.add_parser(
        "status",
        help="nodes, their resources, and which node each coderl actor (episode, rollout, learner worker) runs on",
        description="Join a running Ray cluster and print its nodes and coderl's named actors as JSON. Exit status: "
        "0 done, 2 a malformed --address, 3 Ray missing or no cluster answering.",
    )
    show.add_argument("--address", default="auto", help="HOST:PORT of the Ray head, or auto (default)")
    show.set_defaults(func=_status)
