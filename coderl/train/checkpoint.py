"""Checkpoints written atomically (a temporary directory renamed into place, then the ``latest`` pointer
replaced), holding everything a resumed run needs: policy, critic, optimizer states, RNG, iteration."""

from __future__ import annotations

import os
import random
import shutil
from pathlib import Path
from typing import Any

import torch

__all__ = ["latest_checkpoint", "load_state", "save_checkpoint"]

KEEP = 2


def save_checkpoint(out_dir: Path, iteration: int, *, policy: Any, tokenizer: Any, state: dict[str, Any]) -> Path:
    """Write ``ckpt-{iteration}`` and point ``latest`` at it; older checkpoints beyond the last two go."""
    out_dir.mkdir(parents=True, exist_ok=True)
    final = out_dir / f"ckpt-{iteration:05d}"
    tmp = out_dir / f".{final.name}.tmp-{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir()
    policy.save_pretrained(tmp / "policy")
    tokenizer.save_pretrained(tmp / "policy")
    rng = {"python": random.getstate(), "torch": torch.random.get_rng_state()}
    torch.save({**state, "iteration": iteration, "rng": rng}, tmp / "state.pt")
    for f in tmp.rglob("*"):
        if f.is_file():
            with open(f, "rb") as fh:
                os.fsync(fh.fileno())
    if final.exists():
        shutil.rmtree(final)
    os.rename(tmp, final)
    pointer = out_dir / ".latest.tmp"
    pointer.write_text(final.name)
    os.replace(pointer, out_dir / "latest")
    for old in sorted(out_dir.glob("ckpt-*"))[:-KEEP]:
        shutil.rmtree(old, ignore_errors=True)
    return final


def latest_checkpoint(out_dir: Path) -> Path | None:
    """The checkpoint ``latest`` points at, if it is complete."""
    pointer = out_dir / "latest"
    if not pointer.is_file():
        return None
    path = out_dir / pointer.read_text().strip()
    return path if (path / "state.pt").is_file() else None


def load_state(path: Path) -> dict[str, Any]:
    """The saved state (critic, optimizers, iteration, RNG, config); restores the RNG as it was."""
    state: dict[str, Any] = torch.load(path / "state.pt", weights_only=False, map_location="cpu")
    random.setstate(state["rng"]["python"])
    torch.random.set_rng_state(state["rng"]["torch"])
    return state
