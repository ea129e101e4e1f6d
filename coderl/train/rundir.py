"""What a training run writes into its ``out_dir``, so that an earlier run is recognised and never lost.

``coderl train`` refuses an ``out_dir`` that holds an earlier run unless told ``--resume`` (continue it)
or ``--overwrite`` (clear it); ``--overwrite`` removes only the entries listed here, never anything else
the user keeps in that directory.
"""

from __future__ import annotations

import shutil
from pathlib import Path

__all__ = ["RUN_ENTRIES", "clear_run", "earlier_run"]

# every file and directory the training loop and its checkpoints create directly under out_dir
RUN_ENTRIES: tuple[str, ...] = (
    "metrics.jsonl",
    ".metrics.jsonl.tmp",
    "summary.json",
    "config.json",
    "training.png",
    "audit.jsonl",
    "latest",
    ".latest.tmp",
    "tensorboard",
    "trajectories",
    "policy-init",
    "policy-sft",
    "tasks",
    "ckpt-*",
    ".ckpt-*.tmp-*",
    "cluster.jsonl",  # [cluster] backend = "ray": where each start of the run placed its actors
    "audit",  # ... and the episode workers' audit logs
)


def earlier_run(out_dir: Path) -> list[Path]:
    """The entries of an earlier run in ``out_dir`` (empty when there is none), sorted."""
    if not out_dir.is_dir():
        return []
    return sorted({path for pattern in RUN_ENTRIES for path in out_dir.glob(pattern)})


def clear_run(out_dir: Path) -> int:
    """Remove an earlier run's entries from ``out_dir``; other files stay. Returns how many went."""
    entries = earlier_run(out_dir)
    for path in entries:
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()
    return len(entries)
