"""What a commit of the agent's repository holds, made by git itself in the sandbox the work was done in.

A repository task is graded on what a commit of the agent's work would hold (the SWE-bench view: the patch is what
``git add -A`` stages, not every byte of the working tree). Modelling git rule by rule (ignore files, ``ident``,
clean filters, ``core.excludesFile``, ...) lost to every red-team round: each found one more of git's semantics the
model lacked (includes, index bits, end-of-line conversion, ``core.ignoreCase``, hooks, ``core.worktree``, NTFS
aliases of ``.git``, red-team round 6). So git does it, where the work was done: at the end of an episode the
agent's own sandbox commits its workspace (``git add -A`` and ``git commit`` as the sandbox uid, with the
repository's configuration and its own index, after every process the agent left is killed), so the commit honours
what the agent's own git sees, stat data of the index included, and records links and executable bits (red-team
round 8 forged an index's stat data, committed a symlink and an executable bit that a download of the working tree
had dropped). The commit is bundled and cloned by the grader's own uid, with a git that reads no configuration of
anyone's, into a folder of an unguessable name the sandbox uid cannot touch (red-team round 7 steered a parsed path
and planted attributes in a shared HOME). The clone's files are what is graded, with their executable bits, and no
``.git``: what is graded is the work, as an archive of the commit holds it; repository metadata under the graded
files told the grader apart (round 8 keyed on the task's base ``.git``, round 9 on a clone's remote, reflog,
detached HEAD and the grader's commit's author and message). Every path the commit lists must come back as a regular
file (a corrupt object, a path too long to check out, a link or a submodule is a refusal, not a gap). A repository that
would run code of its own when committed or cloned (hooks, hooks set by configuration, filter drivers,
``core.fsmonitor``, ``core.hooksPath``, ``init.templateDir``) or that names files by its configuration (an excludes
or attributes file, an include) is refused: such code can tell the grader's commit from the agent's own (red-team
rounds 8 and 9), as is one configured so that its clones or commits would differ from the grader's (signing, an
identity git must not invent, end-of-line conversion, ``url.*.insteadOf``, sparse checkout: rounds 11 and 12). The
sandbox image gives git an identity (``/etc/gitconfig``), so the agent's own ``git commit`` works by default and the
commit made here carries that identity too. The commit is made in the environment the agent's own commands had
(HOME=/tmp): its global and XDG configuration and default ignore and attributes files act as on its own commit
(round 9). A commit git refuses (an invalid path) is a graded 0 with a note too. ``coderl grade --workspace`` lays a
directory out in a sandbox as it is and commits it there; a caller with nothing but files (a reward function) gets
them committed in a fresh container.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from coderl.grade.workspace import in_git_dir
from coderl.sandbox.pool import SandboxPool
from coderl.sandbox.sandbox import Sandbox, SandboxError
from coderl.task import Task

__all__ = [
    "Commit",
    "CommitRefused",
    "check_out",
    "commit_notes",
    "commit_or_refusal",
    "commit_workspace",
    "committed_tree",
    "graded_on_commit",
]

# Exit statuses of the commit script that mean "the workspace cannot be committed" (the agent's doing).
_REFUSALS = {
    3: "the workspace is not a git repository git can read",
    4: "git add -A failed",
    5: "git commit failed",
    6: "the repository's configuration runs programs or reads files of its own when it commits or is cloned, or "
    "makes its commits or clones differ from the grader's",
    7: "the repository has hooks of its own",
}
_NO_GIT = 8  # the workspace has no .git at all: the task's own is put back and the commit made on it
# As the sandbox uid, in the environment the agent's own commands had (HOME=/tmp: its global and XDG configuration,
# default ignore and attributes files act as on its own commit, red-team round 9): kill what the agent left
# running, refuse what would run or read its own files, commit what is staged (nothing when the agent committed
# all itself: HEAD is then its own commit), kill what is left, bundle the commit into "$1" (a folder of a name the
# agent cannot guess, so it cannot be there before). Nothing of what it prints is parsed.
_COMMIT = r"""
set -u
work=$1
HOOK_NAMES="applypatch-msg pre-applypatch post-applypatch pre-commit pre-merge-commit prepare-commit-msg commit-msg
post-commit pre-rebase post-checkout post-merge pre-push pre-receive update proc-receive post-receive post-update
reference-transaction push-to-checkout pre-auto-gc post-rewrite sendemail-validate fsmonitor-watchman
p4-changelist p4-prepare-changelist p4-post-changelist p4-pre-submit post-index-change"
kill -9 -1 2>/dev/null  # what the agent left running cannot touch the workspace while it is committed
mkdir -m 700 "$work" || exit 9
export GIT_TERMINAL_PROMPT=0 GIT_EDITOR=: GIT_PAGER=cat GIT_ASKPASS=/bin/false
# trace2 targets (refused below) would be opened by every git command before that refusal: a FIFO stalled the commit
export GIT_TRACE2=0 GIT_TRACE2_EVENT=0 GIT_TRACE2_PERF=0
cd /workspace || exit 9
[ -e .git ] || [ -L .git ] || exit 8
# Settings of speed only: no threads of its own (the sandbox uid's process limit failed a threaded lstat, round 10).
g() { git -c safe.directory='*' -c core.preloadIndex=false -c index.threads=1 -c pack.threads=1 "$@"; }
g rev-parse --git-dir >>"$work/log" 2>&1 || { tail -c 600 "$work/log"; exit 3; }
# Code of the agent's that runs when a commit is made (hooks, filters, fsmonitor) can tell the grader's commit from
# its own and commit the fix only then; files named outside the repository (an excludes or attributes file under ~,
# an include) read differently here than where the agent worked (red-team round 8). Such a repository is refused.
keys='^(core\.(hookspath|fsmonitor|excludesfile|attributesfile)|filter\..*\.(clean|smudge|process)'
keys="$keys|include\.path|includeif\..*\.path|init\.templatedir|hook\..*\.command|trace2\..*"
# and what makes the agent's own commits or clones differ from the grader's (red-team round 11): signing through a
# program, an identity git must not invent, end-of-line conversion on checkout; a clone of one repository
# redirected to another, a checkout of part of the tree (round 12)
keys="$keys|commit\.gpgsign|gpg\..*|user\.useconfigonly|core\.(autocrlf|eol)"
keys="$keys|url\..*\.(insteadof|pushinsteadof)|core\.sparsecheckout(cone)?|index\.sparse)\$"
named=$(g config --name-only --get-regexp "$keys" 2>>"$work/log")
if [ -n "$named" ]; then echo "$named" | head -5; exit 6; fi
# git's default attributes file, named by no key: it acts on the agent's own checkouts (eol=crlf) and on no clone
# made under another HOME (red-team round 14), as core.attributesFile would
xdg=${XDG_CONFIG_HOME:-$HOME/.config}/git/attributes
if [ -e "$xdg" ] || [ -L "$xdg" ]; then echo "$xdg"; exit 6; fi
hooks=$(g rev-parse --path-format=absolute --git-path hooks 2>>"$work/log")
if [ -n "$hooks" ] && { [ -e "$hooks" ] || [ -L "$hooks" ]; }; then
  # Looked up by name, as git runs them: a folder that cannot be listed (mode 111) or is a link hid a hook from a
  # listing (red-team round 11); one that cannot be read is refused outright.
  for name in $HOOK_NAMES; do
    if [ -e "$hooks/$name" ] || [ -L "$hooks/$name" ]; then echo "$hooks/$name"; exit 7; fi
  done
  [ -r "$hooks" ] && [ -x "$hooks" ] || { echo "$hooks cannot be read"; exit 7; }
  own=$(find -H "$hooks" -mindepth 1 ! -type d ! -name '*.sample' 2>/dev/null | head -5)
  if [ -n "$own" ]; then echo "$own"; exit 7; fi
fi
g add -A >>"$work/log" 2>&1 || { tail -c 600 "$work/log"; exit 4; }
staged() { ! g diff --cached --quiet --no-ext-diff --no-textconv 2>>"$work/log"; }  # no program of the agent's
if ! g rev-parse -q --verify HEAD >/dev/null 2>&1 || staged; then
  # the agent's identity where it set one, as its own commit would have
  who=()
  g config user.name >/dev/null 2>&1 || who+=(-c user.name=coderl)
  g config user.email >/dev/null 2>&1 || who+=(-c user.email=grader@coderl.invalid)
  g "${who[@]}" -c commit.gpgSign=false commit -q --allow-empty -m "Work at the end of the episode" \
    >>"$work/log" 2>&1 || { tail -c 600 "$work/log"; exit 5; }
fi
kill -9 -1 2>/dev/null  # what a hook or filter started is gone before the commit is read
g bundle create -q "$work/graded.bundle" HEAD >>"$work/log" 2>&1 || { tail -c 600 "$work/log"; exit 9; }
kill -9 -1 2>/dev/null
chmod 755 "$work" && chmod 644 "$work/graded.bundle"
"""
# As the grader's uid, with no configuration of anyone's: clone the bundle in "$1" into "$2" (a fresh folder of
# an unguessable name), check out its HEAD, list its tree.
_CLONE = r"""
set -u
umask 022
out=$2
mkdir "$out" "$out/home" || exit 9
cd "$out" || exit 9
run() { env -i PATH="$PATH" HOME="$out/home" GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null git "$@"; }
sha=$(run bundle list-heads "$1/graded.bundle" HEAD 2>>log | awk '$2 == "HEAD" { print $1; exit }')
[ -n "$sha" ] || { tail -c 600 log; exit 9; }
run clone -q --no-checkout "$1/graded.bundle" tree >>log 2>&1 || { tail -c 600 log; exit 9; }
run -C tree checkout -q --detach "$sha" >>log 2>&1 || { tail -c 600 log; exit 9; }
run -C tree ls-tree -r -z --full-tree "$sha" >listing 2>>log || { tail -c 600 log; exit 9; }
rm -rf tree/.git
chmod -R a+rX "$out"
"""
_MAX_LISTING = 1 << 24
# As the sandbox uid in a fresh grading container, before anything of the agent's runs there: commit the files
# staged in "$1/tree" (with a git directory of their own, outside any tree, and no configuration of anyone's;
# attributes switched off, so the bytes go in and come out as they are) and check the commit out into /workspace
# the way a clone does (read-tree -u: git's own order of writes and its own file times), then remove the stage.
_CHECKOUT = r"""
set -u
umask 022
stage=$1
export HOME="$stage" GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null GIT_TERMINAL_PROMPT=0 GIT_TRACE2=0
g() {
  git --git-dir="$stage/git" -c core.autocrlf=false -c core.preloadIndex=false -c index.threads=1 \
    -c pack.threads=1 -c checkout.workers=1 -c user.name=coderl -c user.email=grader@coderl.invalid "$@"
}
fail() { tail -c 600 "$stage/log"; rm -rf "$stage"; exit 9; }
g init -q >"$stage/log" 2>&1 && g config core.bare false || fail  # a git dir given alone makes a bare one
mkdir -p "$stage/git/info"
printf '* -text -eol -ident -filter -diff -working-tree-encoding\n' >"$stage/git/info/attributes"
g --work-tree="$stage/tree" add -A -f >>"$stage/log" 2>&1 || fail
g commit -q --allow-empty --no-verify -m graded >>"$stage/log" 2>&1 || fail
GIT_INDEX_FILE="$stage/index" g --work-tree=/workspace read-tree --reset -u HEAD >>"$stage/log" 2>&1 || fail
rm -rf "$stage"
"""


class CommitRefused(Exception):
    """The agent's repository cannot be committed (the grade is 0, with this message as the note)."""


@dataclass(frozen=True)
class Commit:
    """A commit of the agent's work as a clone of it checks out: what is graded for a repository task."""

    files: dict[str, bytes]  # the checked-out files, by workspace-relative path (no .git)
    executable: frozenset[str] = frozenset()  # the paths committed as executable (mode 100755)
    notes: tuple[str, ...] = ()  # what the commit does not hold as the working tree had it, and why


@contextlib.contextmanager
def _refused_if_failing(what: str) -> Iterator[None]:
    """A RuntimeError of the sandbox's file operations is the workspace's doing (a name it cannot take, too
    many files): a refusal with ``what`` as the note. A SandboxError (the sandbox itself failed) passes."""
    try:
        yield
    except SandboxError:
        raise
    except RuntimeError as exc:
        raise CommitRefused(f"{what}: {exc}") from exc


def graded_on_commit(task: Task) -> bool:
    """Whether a task is graded on a commit of the work: a repository task whose workspace is a git repository
    (its ``.git`` holds a HEAD). The episode's end, ``coderl grade`` and the grader ask this one question."""
    return task.repo is not None and ".git/HEAD" in task.workspace


async def commit_workspace(sandbox: Sandbox, base: Mapping[str, bytes], *, timeout: float = 60.0) -> Commit:
    """Commit ``/workspace`` of ``sandbox`` as its sandbox uid (every process of that uid is killed first) and
    read the commit back as the grader's uid: the sandbox an agent worked in, at the end of its episode, or a
    fresh one its files were written into. A workspace whose ``.git`` is gone gets the one of ``base`` (the
    task's workspace): its working tree is then committed on the task's own repository. Raises CommitRefused
    when the commit cannot be made or read back (the agent's doing); SandboxError when the sandbox fails."""
    nonce = secrets.token_hex(12)
    work, out = f"/tmp/coderl-commit-{nonce}", f"/tmp/coderl-graded-{nonce}"
    notes: list[str] = []
    made = await sandbox.run(["bash", "-c", _COMMIT, "commit", work], timeout=timeout, max_output=8 << 10)
    if made.exit_code == _NO_GIT and not made.timed_out:
        with _refused_if_failing("the task's .git could not be put back"):
            await sandbox.write_files({p: d for p, d in base.items() if in_git_dir(p)})
        notes.append("the workspace's .git was gone: committed on the task's own repository")
        work += "-again"
        made = await sandbox.run(["bash", "-c", _COMMIT, "commit", work], timeout=timeout, max_output=8 << 10)
    said = (made.stdout + made.stderr).strip()[-400:]
    if made.timed_out:
        raise CommitRefused(f"committing the workspace timed out after {timeout:g} s")
    if made.exit_code in _REFUSALS:
        raise CommitRefused(f"{_REFUSALS[made.exit_code]}, so no commit holds the work: {said}")
    if made.exit_code != 0:
        raise CommitRefused(f"the commit could not be made (exit status {made.exit_code}): {said}")
    try:
        cloned = await sandbox.run(
            ["bash", "-c", _CLONE, "clone", work, out], timeout=timeout, max_output=8 << 10, user="grader"
        )
        if cloned.exit_code != 0 or cloned.timed_out:
            said = (cloned.stdout + cloned.stderr).strip()[-400:]
            raise CommitRefused(f"the commit could not be read back (exit status {cloned.exit_code}): {said}")
        with _refused_if_failing("the commit could not be read back"):
            listing = await sandbox.read_file(f"{out}/listing", max_bytes=_MAX_LISTING + 1)
            tree, _ = await sandbox.download(f"{out}/tree")
        if len(listing) > _MAX_LISTING:  # a cut listing could hide a link or a mode (red-team round 10)
            raise CommitRefused(f"the commit's listing is over {_MAX_LISTING >> 20} MiB: too many or too long paths")
    finally:
        # The grader's clone goes (a sandbox that is used again is reset, and a reset removes the sandbox uid's
        # files only); what the sandbox uid made goes with that reset.
        if sandbox.alive:
            await sandbox.run(["rm", "-rf", out], timeout=timeout, user="grader")
    entries = _committed_entries(listing)
    unlisted = sorted(set(tree) - set(entries))
    if unlisted:  # every file graded must be one the commit lists as such
        raise CommitRefused(f"the checkout holds {unlisted[0]!r}, which the commit's listing does not name")
    for path, what in entries.items():
        if what not in ("file", "executable") or path not in tree:
            # Graded without it, the commit would pass for what it is not: a file a checkout drops (a corrupt
            # object, a path too long here), a link or a submodule (red-team rounds 7 and 8).
            raise CommitRefused(f"the commit holds {path!r} ({what}), which cannot be graded as it is committed")
    return Commit(
        files=tree,
        executable=frozenset(p for p, what in entries.items() if what == "executable"),
        notes=tuple(notes),
    )


async def commit_or_refusal(
    sandbox: Sandbox, base: Mapping[str, bytes], *, timeout: float = 60.0
) -> Commit | CommitRefused:
    """``commit_workspace``, with a refusal returned instead of raised: what ``Grader.grade`` takes as ``commit``
    (an episode's end and ``coderl grade`` hand it over with the downloaded working tree)."""
    try:
        return await commit_workspace(sandbox, base, timeout=timeout)
    except CommitRefused as exc:
        return exc


def commit_notes(worked: Mapping[str, bytes], commit: Commit) -> list[str]:
    """Notes naming what the commit does not hold as the working tree ``worked`` had it (``.git`` aside)."""
    notes = list(commit.notes)
    worked = {p: d for p, d in worked.items() if not in_git_dir(p)}
    tree = commit.files
    missing = sorted(set(worked) - set(tree))
    changed = sorted(p for p in worked if p in tree and tree[p] != worked[p])
    added = sorted(set(tree) - set(worked))
    for what, paths in (
        ("not in the commit (ignored or left out by git)", missing),
        ("committed otherwise than the working tree had it", changed),
        ("in the commit but not in the working tree", added),
    ):
        if paths:
            more = f" and {len(paths) - 5} more" if len(paths) > 5 else ""
            notes.append(f"{what}: {', '.join(paths[:5])}{more}")
    return notes


async def committed_tree(
    pool: SandboxPool, files: Mapping[str, bytes], base: Mapping[str, bytes], *, timeout: float = 60.0
) -> tuple[Commit, list[str]]:
    """The commit of ``files`` (a workspace as files, no sandbox of the work at hand) made in a fresh container,
    and notes naming what it does not hold as the files had it. Raises CommitRefused when git refuses the
    commit; SandboxError when the sandbox fails. Links, modes and the index's stat data are not in ``files``:
    where the agent's sandbox exists, ``commit_workspace`` there sees them."""
    async with pool.fresh() as sandbox:
        with _refused_if_failing("the workspace could not be laid out to commit it"):
            await sandbox.write_files(files)
        commit = await commit_workspace(sandbox, base, timeout=timeout)
    return commit, commit_notes(files, commit)


async def check_out(
    sandbox: Sandbox, files: Mapping[str, bytes], executable: frozenset[str] = frozenset(), *, timeout: float = 60.0
) -> None:
    """Lay ``files`` out in ``/workspace`` of a fresh grading container as a clone of their commit is laid out:
    git writes them (in its order, at its file times, with the executable bits of ``executable``), not the
    grader one by one. A grade that wrote the files itself differed from every checkout in what code can see
    (red-team round 15: the order of creation read through mtimes, inode numbers or a directory listing, where a
    name that is not UTF-8 sorted otherwise than in git's index; distinct nanosecond mtimes where a checkout
    gives files one coarse time). Raises RuntimeError when the files cannot be laid out."""
    stage = f"/tmp/coderl-checkout-{secrets.token_hex(8)}"
    await sandbox.write_files(files, f"{stage}/tree", executable=executable)
    done = await sandbox.run(["bash", "-c", _CHECKOUT, "checkout", stage], timeout=timeout)
    if done.exit_code != 0:
        said = (done.stdout + done.stderr).strip()[-600:]
        raise RuntimeError(f"the graded files could not be checked out (exit status {done.exit_code}): {said}")


def _committed_entries(listing: bytes) -> dict[str, str]:
    """``git ls-tree -r -z`` output as path -> "file", "executable", "link", "submodule" or "other"."""
    kinds = {b"100644": "file", b"100755": "executable", b"120000": "link", b"160000": "submodule"}
    out: dict[str, str] = {}
    for entry in listing.split(b"\0"):
        head, tab, name = entry.partition(b"\t")
        if not tab:
            continue
        out[name.decode("utf-8", "surrogateescape")] = kinds.get(head.split(b" ", 1)[0], "other")
    return out
