"""One mapping from error kind to exit status, shared by every ``coderl`` command.

- ``OK`` (0): the command did what was asked.
- ``VERDICT`` (1): it ran and its answer is "no" (a cheat found, a check failed).
- ``BAD_INPUT`` (2): the user's input is wrong (a flag, a config, a task, a path); fix it and rerun.
- ``INFRASTRUCTURE`` (3): the machine failed (Podman missing or refusing, a sandbox or grading crash).

Sub-commands return these codes for what they handle themselves; :func:`exit_code_for` classifies
whatever escapes them, so ``coderl`` never ends in a traceback for an ordinary mistake. Exceptions are
matched by qualified class name along the MRO, so classifying one needs no import of the module that
defines it (``coderl --help`` stays free of torch and podman-py).
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "BAD_INPUT",
    "INFRASTRUCTURE",
    "INTERRUPTED",
    "OK",
    "TERMINATED",
    "VERDICT",
    "UsageError",
    "exit_code_for",
]

OK: Final = 0
VERDICT: Final = 1
BAD_INPUT: Final = 2
INFRASTRUCTURE: Final = 3
INTERRUPTED: Final = 130  # 128 + SIGINT, as shells report it
TERMINATED: Final = 143  # 128 + SIGTERM


class UsageError(ValueError):
    """Bad input that a command found after argument parsing (a value out of range, a missing path)."""


# qualified class name -> exit status; the first class along an exception's MRO that is listed wins
_BY_CLASS: Final[dict[str, int]] = {
    "coderl.exitcodes.UsageError": BAD_INPUT,
    "coderl.train.config.ConfigError": BAD_INPUT,
    "coderl.task.TaskError": BAD_INPUT,
    "coderl.suites.importer.JsonlImportError": BAD_INPUT,
    "coderl.guard.rules.RuleError": BAD_INPUT,
    "coderl.grade.grader.TaskNotGradable": BAD_INPUT,  # a task whose hidden tests cannot run: fix the task
    "coderl.sandbox.sandbox.WorkspaceError": BAD_INPUT,  # caused by the workspace's files, not the machine
    "coderl.sandbox.podman.EngineError": INFRASTRUCTURE,
    "coderl.sandbox.sandbox.SandboxError": INFRASTRUCTURE,
    "coderl.grade.grader.GradingError": INFRASTRUCTURE,
    # plain Python kinds last: a missing or unreadable file the user named is bad input
    "builtins.FileNotFoundError": BAD_INPUT,
    "builtins.IsADirectoryError": BAD_INPUT,
    "builtins.NotADirectoryError": BAD_INPUT,
    "builtins.PermissionError": BAD_INPUT,
    "builtins.UnicodeDecodeError": BAD_INPUT,
    "builtins.OSError": INFRASTRUCTURE,
}


def exit_code_for(exc: BaseException) -> int | None:
    """The exit status for an exception a command let escape, or None when it is not a known kind (a bug)."""
    if isinstance(exc, KeyboardInterrupt):
        return INTERRUPTED
    for cls in type(exc).__mro__:
        code = _BY_CLASS.get(f"{cls.__module__}.{cls.__qualname__}")
        if code is not None:
            return code
    return None
