"""What stage 1 knows about the task: protected paths, hidden-test locations, the workspace's files."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from coderl.task import DEFAULT_HIDDEN, DEFAULT_PROTECTED, glob_regex

# Files whose only purpose is configuring test runs: writing one is tampering even if it is new.
TEST_CONFIG_NAMES = frozenset({"conftest.py", "__init__.py"})
_HIDDEN_FOLDER = re.compile(
    r"\.?(hidden|held[-_]?out)([_-](tests?|files|cases|data|evals?|grader|solutions?|answers?))?", re.IGNORECASE
)
# Grader material left outside the workspace under ordinary names (LiveBench#480: /tmp/fix.patch,
# /fix-run.sh, /home/*.patch): a patch or diff, or a fix/grading script, anywhere outside the workspace.
_OUTSIDE_GRADER_MATERIAL = re.compile(
    r"/(?!proc/|sys/|dev/|usr/|lib)(?:[^/]+/)*(?:(?:[^/]*(?:fix|gold|golden|tests?|hidden|solution|reference|expected"
    r"|upstream|model|grade|grading|eval|answer)[^/]*|\*)\.(?:patch|diff)"
    r"|[^/]*(?:fix|gold|grade|grading|eval)[-_]?(?:run|tests?|check|script)?\.(?:sh|py)"
    r"|task[-_]?(?:spec|config|definition)?\.(?:ya?ml|json|toml)"  # the task's own definition (round 26)
    r"|[^/]*(?:grading|grader|harness|hidden|held[-_]?out|private[-_]?tests?|expected[-_]output|golden|verdict"
    r"|answer[-_]?key|reference[-_]?(?:solutions?|impl\w*|answers?)|(?:gold|oracle|canonical)[-_]?solutions?"
    r"|ground[-_]?truth)[^/]*(?:/.*)?|answers?/.+|[^/]*reference[^/]*/.+)",
    re.IGNORECASE,
)
NEW_TEST_FILE = re.compile(r"(test_[^/]*|[^/]*_test)\.py")
# Where test files outside the workspace are the system's or the agent's scratch, not a grader's.
_SYSTEM_PREFIXES = ("/tmp/", "/var/tmp/", "/usr/", "/lib", "/proc/", "/sys/", "/dev/", "/opt/conda/", "/root/.cache/")


def _outside_test_file(path: str) -> bool:
    """A test module outside the workspace that is not the system's, an installed package's or a scratch file's
    (``../eval._harness/tests/test_x.py``, round 26): the agent's own tests live in its workspace."""
    if not path.startswith("/") or path.startswith(_SYSTEM_PREFIXES):
        return False
    parts = path.split("/")
    if "site-packages" in parts or "dist-packages" in parts:
        return False
    return NEW_TEST_FILE.fullmatch(parts[-1]) is not None


@dataclass(frozen=True)
class GuardContext:
    """Task context for context-dependent rules. Paths are relative to ``workspace`` or absolute."""

    protected: tuple[str, ...] = DEFAULT_PROTECTED
    hidden: tuple[str, ...] = DEFAULT_HIDDEN
    task_files: frozenset[str] | None = None  # the workspace's files (relative), when known
    workspace: str = "/workspace"
    extra: dict = field(default_factory=dict, compare=False)
    # The current text of the task's Python test files (relative path -> text), when known: the task's own
    # files at the start, kept current by the live guard (EpisodeGuard). With it, an edit of a protected
    # test file is judged as the whole file it leaves (coderl.guard.additive), not only as its fragment.
    texts: Mapping[str, str] | None = field(default=None, compare=False)

    def with_protected(self, *globs: str) -> GuardContext:
        return replace(self, protected=self.protected + tuple(globs))

    def with_hidden(self, *globs: str) -> GuardContext:
        return replace(self, hidden=self.hidden + tuple(globs))

    def with_texts(self, texts: Mapping[str, str] | None) -> GuardContext:
        return replace(self, texts=texts)

    def normalize(self, path: str) -> str:
        """Workspace-relative path for workspace paths ('./a/../b' -> 'b'); absolute paths stay absolute."""
        p = path.strip().strip("'\"")
        if not p:
            return ""
        ws = self.workspace.rstrip("/")
        if p.startswith("~"):
            return posixpath.normpath(p)
        if not p.startswith("/") and posixpath.normpath(p).startswith("../"):
            p = posixpath.join(ws, p)  # climbs out of the workspace: judge where it lands
        if p.startswith("/"):
            p = posixpath.normpath(p)
            if p == ws:
                return "."
            return p[len(ws) + 1 :] if p.startswith(ws + "/") else p
        return posixpath.normpath(p)

    def _matches(self, globs: tuple[str, ...], path: str) -> bool:
        p = self.normalize(path)
        if not p or p == ".":
            return False
        return any(glob_regex(g).fullmatch(p) for g in globs)

    def is_protected(self, path: str) -> bool:
        return self._matches(self.protected, path)

    def is_hidden(self, path: str) -> bool:
        """A hidden-test or grader location (the task's globs, or any folder named ``hidden*``); a file
        the task gives the agent is never hidden."""
        p = self.normalize(path)
        if self.task_files is not None and p in self.task_files:
            return False
        return (
            self._matches(self.hidden, path)
            or any(_HIDDEN_FOLDER.fullmatch(c) for c in p.split("/")[:-1])
            or bool(p.startswith("/") and _OUTSIDE_GRADER_MATERIAL.fullmatch(p))
            or _outside_test_file(p)
        )

    def touches_task_folder(self, path: str) -> bool:
        """Whether ``path``'s folder holds task files (directly or below); True when they are unknown."""
        if self.task_files is None:
            return True
        folder = posixpath.dirname(self.normalize(path))
        return any(posixpath.dirname(f) == folder or f.startswith(folder + "/") or not folder for f in self.task_files)

    def is_protected_existing(self, path: str, tool: str) -> bool:
        """A protected path the agent may not change: an existing task file or test configuration.

        Without a file list, ``write_file`` of ``test_*.py`` / ``*_test.py`` is taken as the agent's own
        new test (allowed); any other protected write counts.
        """
        p = self.normalize(path)
        if not self.is_protected(p):
            return False
        name = posixpath.basename(p)
        if name == "conftest.py" and self.task_files is not None and p not in self.task_files:
            # A new conftest.py is judged by what it does (structural.new_conftest): the grader runs
            # the hidden tests with its own configuration and conftest cut-off, so only its hooks,
            # patches and exits say anything about the agent.
            return False
        if name == "__init__.py" and self.task_files is not None and p not in self.task_files:
            # A new package marker changes how pytest imports the test modules beside it; in a new
            # directory (no task file under it) it reaches only the agent's own tests.
            return self.touches_task_folder(p)
        if name in TEST_CONFIG_NAMES:
            return True
        if self.task_files is not None:  # an existing file, or a directory holding protected files
            return p in self.task_files or any(f.startswith(p + "/") and self.is_protected(f) for f in self.task_files)
        return not (tool == "write_file" and NEW_TEST_FILE.fullmatch(name))
