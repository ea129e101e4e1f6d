"""What a commit of the agent's repository holds, made by git itself in a fresh container.

A repository task is graded on what a commit of the agent's work would hold (the SWE-bench view: the
patch is what ``git add -A`` stages, not every byte of the working tree). Modelling git rule by rule
(ignore files, ``ident``, clean filters, ``core.excludesFile``, ...) lost to every red-team round: each
found one more of git's semantics the model lacked (includes, index bits, end-of-line conversion,
``core.ignoreCase``, hooks, ``core.worktree``, NTFS aliases of ``.git``, red-team round 6). So git does
it: in a fresh network-less container the agent's workspace, with its own ``.git``, is committed
(``git add -A`` and ``git commit`` as the sandbox uid, with the agent's configuration and hooks, as
the agent's own commit would run), every process that left behind is killed, and the commit is cloned
through a bundle by a git that reads no configuration of the agent's. The clone's files are what is
graded. Whatever the agent's configuration does, it can only change what the commit holds, which is
then what a reviewer or a CI would see; a commit git refuses (an invalid path, a failing hook) is a
graded 0 with a note.
"""

from __future__ import annotations

from coderl.sandbox.pool import SandboxPool
from coderl.sandbox.sandbox import SandboxError

__all__ = ["CommitRefused", "committed_tree", "is_repository"]

# Exit statuses of the script below that mean "the workspace cannot be committed" (the agent's doing).
_REFUSALS = {3: "the workspace is not a git repository git can read", 4: "git add -A failed", 5: "git commit failed"}
_TREE_MARK = "CODERL-TREE "
_SCRIPT = r"""
set -u
work=$(mktemp -d /tmp/coderl-commit.XXXXXX) || exit 9
export HOME="$work/home" GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null GIT_TERMINAL_PROMPT=0 GIT_EDITOR=:
export GIT_PAGER=cat GIT_ASKPASS=/bin/false
mkdir -p "$HOME"
cd /workspace || exit 9
g() { git -c safe.directory='*' "$@"; }
g rev-parse --git-dir >"$work/log" 2>&1 || { tail -c 600 "$work/log"; exit 3; }
# The grader's copy of the workspace carries no mode bits: the hooks are made executable, as they were
# in the agent's sandbox, so that they run as they would have for the agent's own commit.
hooks=$(g rev-parse --path-format=absolute --git-path hooks 2>/dev/null)
if [ -n "$hooks" ] && [ -d "$hooks" ]; then chmod -R u+x "$hooks" 2>/dev/null; fi
g add -A >"$work/log" 2>&1 || { tail -c 600 "$work/log"; exit 4; }
g -c user.name=coderl -c user.email=grader@coderl.invalid -c commit.gpgSign=false \
  commit -q --allow-empty -m "graded by coderl" >"$work/log" 2>&1 || { tail -c 600 "$work/log"; exit 5; }
kill -9 -1 2>/dev/null  # what a hook or filter started is gone before the commit is read
sha=$(g rev-parse --verify HEAD^{commit}) || exit 9
g bundle create -q "$work/graded.bundle" "$sha" HEAD >"$work/log" 2>&1 || { tail -c 600 "$work/log"; exit 9; }
kill -9 -1 2>/dev/null
cd "$work" || exit 9
env -i PATH="$PATH" HOME="$HOME" GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null \
  git clone -q --no-checkout graded.bundle tree >"$work/log" 2>&1 || { tail -c 600 "$work/log"; exit 9; }
env -i PATH="$PATH" HOME="$HOME" GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null \
  git -C tree checkout -q --detach "$sha" >"$work/log" 2>&1 || { tail -c 600 "$work/log"; exit 9; }
rm -rf tree/.git
echo "CODERL-TREE $work/tree"
"""


class CommitRefused(Exception):
    """The agent's repository cannot be committed (the grade is 0, with this message as the note)."""


def is_repository(files: dict[str, bytes]) -> bool:
    """Whether a workspace is a git repository (its ``.git`` holds a HEAD)."""
    return ".git/HEAD" in files


async def committed_tree(
    pool: SandboxPool, files: dict[str, bytes], base_git: dict[str, bytes], *, timeout: float = 60.0
) -> tuple[dict[str, bytes], list[str]]:
    """The files a commit of ``files`` holds (its ``.git`` left out), and notes naming what the commit
    does not hold as the working tree had it. A workspace whose ``.git`` is gone gets the base's
    (``base_git``): its working tree is then committed on the task's own repository. Raises
    CommitRefused when git refuses the commit; SandboxError when the sandbox fails."""
    notes: list[str] = []
    if not is_repository(files):
        files = {**{p: d for p, d in files.items() if not _in_git_dir(p)}, **base_git}
        notes.append("the workspace's .git was gone: committed on the task's own repository")
    async with pool.fresh() as sandbox:
        try:
            await sandbox.write_files(files)
        except RuntimeError as exc:
            if isinstance(exc, SandboxError):
                raise
            raise CommitRefused(f"the workspace could not be laid out to commit it: {exc}") from exc
        result = await sandbox.run(["bash", "-c", _SCRIPT], timeout=timeout, max_output=8 << 10)
        out = (result.stdout + result.stderr).strip()
        if result.timed_out:
            raise CommitRefused(f"committing the workspace timed out after {timeout:g} s")
        if result.exit_code in _REFUSALS:
            raise CommitRefused(f"{_REFUSALS[result.exit_code]}, so no commit holds the work: {out[-400:]}")
        marks = [line for line in out.splitlines() if line.startswith(_TREE_MARK)]
        if result.exit_code != 0 or not marks:
            raise CommitRefused(f"the commit could not be read back (exit status {result.exit_code}): {out[-400:]}")
        try:
            tree, skipped = await sandbox.download(marks[-1][len(_TREE_MARK) :])
        except RuntimeError as exc:
            if isinstance(exc, SandboxError):
                raise
            raise CommitRefused(f"the commit could not be read back: {exc}") from exc
    worked = {p: d for p, d in files.items() if not _in_git_dir(p)}
    missing = sorted(set(worked) - set(tree))
    changed = sorted(p for p in worked if p in tree and tree[p] != worked[p])
    added = sorted(set(tree) - set(worked))
    for what, paths in (
        ("not in the commit (ignored or left out by git)", missing),
        ("committed otherwise than the working tree had it", changed),
        ("in the commit but not in the working tree", added),
        ("in the commit but not a regular file (not graded)", skipped),
    ):
        if paths:
            more = f" and {len(paths) - 5} more" if len(paths) > 5 else ""
            notes.append(f"{what}: {', '.join(paths[:5])}{more}")
    return tree, notes


def _in_git_dir(path: str) -> bool:
    return path == ".git" or path.startswith(".git/")
