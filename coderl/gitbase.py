"""A git repository whose history is its base and nothing else.

A repository task gives the agent its workspace as a git repository, as the upstream project would be
checked out at the base commit; but the upstream history holds the fix (a later commit, a branch, a
stash, a reflog entry, an ``ORIG_HEAD``, a pack with objects of commits not reachable from HEAD). So
coderl never copies an upstream ``.git``: it makes a new repository from the workspace files, with one
commit at a fixed date and author (the same files give the same commit id), loose objects only, no
reflog, no hooks, no remotes. ``git log --all``, ``git reflog``, ``git fsck --lost-found`` and
``git cat-file --batch-all-objects`` show the base and nothing past it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Mapping
from pathlib import Path, PurePosixPath

__all__ = ["BASE_MESSAGE", "GitBaseError", "base_repository"]

BASE_MESSAGE = "base"
_ENV = {
    "GIT_AUTHOR_NAME": "coderl",
    "GIT_AUTHOR_EMAIL": "coderl@localhost",
    "GIT_COMMITTER_NAME": "coderl",
    "GIT_COMMITTER_EMAIL": "coderl@localhost",
    "GIT_AUTHOR_DATE": "2000-01-01T00:00:00+0000",
    "GIT_COMMITTER_DATE": "2000-01-01T00:00:00+0000",
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_TERMINAL_PROMPT": "0",
}
# What a repository may hold besides its objects, refs and index: nothing else is kept.
_DROPPED = ("logs", "hooks", "info", "description", "COMMIT_EDITMSG", "ORIG_HEAD", "FETCH_HEAD", "packed-refs")


class GitBaseError(RuntimeError):
    """The repository could not be made (git missing, or a path git refuses)."""


def _git(cwd: Path, *args: str) -> None:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(cwd), **_ENV}
    try:
        proc = subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    except FileNotFoundError:
        raise GitBaseError("git is not installed; repository tasks need it to make their base commit") from None
    if proc.returncode != 0:
        raise GitBaseError(f"git {args[0]} failed: {(proc.stderr or proc.stdout).strip()[-500:]}")


def base_repository(files: Mapping[str, bytes], *, message: str = BASE_MESSAGE) -> dict[str, bytes]:
    """The ``.git/...`` files of a new repository whose one commit (on ``main``) holds ``files``."""
    with tempfile.TemporaryDirectory(prefix="coderl-gitbase-") as tmp:
        root = Path(tmp) / "repo"
        root.mkdir()
        for rel, data in files.items():
            parts = PurePosixPath(rel).parts
            if PurePosixPath(rel).is_absolute() or ".." in parts or (parts and parts[0] == ".git"):
                raise GitBaseError(f"{rel}: not a path a repository can hold")
            path = root.joinpath(*parts)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        _git(root, "init", "--quiet", "--template=", "--initial-branch=main")
        _git(root, "config", "core.logAllRefUpdates", "false")
        _git(root, "config", "gc.auto", "0")
        _git(root, "add", "--all", "--force")
        _git(root, "commit", "--quiet", "--no-verify", "--allow-empty", "-m", message)
        git_dir = root / ".git"
        for name in _DROPPED:
            target = git_dir / name
            if target.is_dir():
                shutil.rmtree(target)
            elif target.exists():
                target.unlink()
        return {
            f".git/{path.relative_to(git_dir).as_posix()}": path.read_bytes()
            for path in sorted(git_dir.rglob("*"))
            if path.is_file()
        }
