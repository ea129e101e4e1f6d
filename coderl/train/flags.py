"""Command-line flags generated from the config models: one definition per option.

A flag that mirrors a config key (``coderl rollout --max-turns`` is ``[rollout] max_turns``; ``--judge-*``
are the ``[judge]`` and ``[guard]`` keys) takes its type, choices, default and range from the model
in :mod:`coderl.train.config`, and a bad value is reported the way a bad config key is, naming the
flag: ``--max-turns: must be >= 1, got 0``. Flags default to None so that only what the user gave is
validated and the model's defaults apply to the rest.
"""

from __future__ import annotations

import argparse
import dataclasses
import typing
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from coderl.train.config import GuardSection, JudgeSection, format_error

if TYPE_CHECKING:
    from coderl.guard.guarded import GuardConfig
    from coderl.guard.judge import JudgeConfig

__all__ = ["JUDGE_FLAGS", "add_flags", "add_judge_flags", "flag_message", "from_flags", "judge_from_flags"]

# flag dest -> (section model, key): the stage-2 judge's flags, shared by every command that can judge
JUDGE_FLAGS: dict[str, tuple[type[BaseModel], str]] = {
    "judge": (JudgeSection, "url"),
    "judge_model": (JudgeSection, "model"),
    "judge_timeout": (JudgeSection, "timeout_s"),
    "judge_retries": (JudgeSection, "retries"),
    "judge_policy": (JudgeSection, "policy"),
    "judge_mode": (GuardSection, "judge_mode"),
    "judge_sample_rate": (GuardSection, "sample_rate"),
}


def _flag(dest: str) -> str:
    return "--" + dest.replace("_", "-")


def _plain_types(annotation: Any) -> tuple[set[Any], tuple[Any, ...]]:
    """The plain types and the literal choices inside an annotation (``Annotated[int, ...]``, ``float | None``)."""
    found: set[Any] = set()
    choices: tuple[Any, ...] = ()
    stack = [annotation]
    while stack:
        item = stack.pop()
        if typing.get_origin(item) is typing.Literal:
            choices += typing.get_args(item)
            continue
        if isinstance(item, type):
            found.add(item)
        stack.extend(typing.get_args(item))
    return found, choices


def _add(parser: Any, dest: str, model: type[BaseModel], key: str, help_text: str) -> None:
    field = model.model_fields[key]
    types, choices = _plain_types(field.annotation)
    kind = next((t for t in (int, float) if t in types), str)
    default = field.get_default(call_default_factory=True)
    parser.add_argument(
        _flag(dest),
        dest=dest,
        type=kind,
        choices=choices or None,
        default=None,
        metavar=None if choices else "N" if kind is int else "X" if kind is float else "TEXT",
        help=f"{help_text} (default: {default if default not in ('', None) else 'none'})".strip(),
    )


def add_flags(parser: Any, model: type[BaseModel], names: tuple[str, ...], **help_text: str) -> None:
    """Flags for some keys of a section model (``max_turns`` -> ``--max-turns``), checked by :func:`from_flags`."""
    for name in names:
        _add(parser, name, model, name, help_text.get(name, ""))


def flag_message(line: str, flags: dict[str, str] | None = None) -> str:
    """A message that names its key as ``key: ...``, naming the flag instead: ``--key: ...`` (``flags``
    maps keys to flag dests where they differ)."""
    head, sep, rest = line.partition(": ")
    if not sep or " " in head or head.startswith("--"):
        return line
    return f"{_flag((flags or {}).get(head, head))}: {rest}"


def _validate(model: type[BaseModel], values: dict[str, Any], flags: dict[str, str] | None = None) -> Any:
    try:
        return model.model_validate(values)
    except ValidationError as exc:
        raise ValueError("\n".join(flag_message(format_error(e), flags) for e in exc.errors())) from None


def from_flags(model: type[BaseModel], args: argparse.Namespace, names: tuple[str, ...]) -> Any:
    """The section from the flags a user gave (the others keep the model's defaults); a bad value is a
    ``ValueError`` whose lines name the flag, e.g. ``--max-turns: must be >= 1, got 0``."""
    return _validate(model, {n: getattr(args, n) for n in names if getattr(args, n, None) is not None})


def add_judge_flags(parser: Any) -> None:
    """``--judge URL`` and the ``--judge-*`` flags: the ``[judge]`` and ``[guard]`` keys of a training config."""
    group = parser.add_argument_group("stage-2 judge ([judge] and [guard] keys of a training config)")
    helps = {
        "judge": "add stage 2: an OpenAI-compatible API base, or a local model directory",
        "judge_model": "model name sent to the judge endpoint",
        "judge_timeout": "seconds per judge request",
        "judge_retries": "retries of a failed judge request",
        "judge_policy": "what a judge failure means",
        "judge_mode": "which actions the judge sees",
        "judge_sample_rate": "the share of actions judged with --judge-mode sample",
    }
    for dest, (model, key) in JUDGE_FLAGS.items():
        _add(group, dest, model, key, helps[dest])


def judge_from_flags(args: argparse.Namespace) -> tuple[JudgeConfig | None, GuardConfig]:
    """The judge (None without ``--judge``) and the guard settings from the ``--judge-*`` flags; a bad
    value, or a ``--judge-*`` flag without ``--judge``, is a ``ValueError`` naming the flag."""
    from coderl.guard.guarded import GuardConfig
    from coderl.guard.judge import JudgeConfig

    given = {dest: getattr(args, dest, None) for dest in JUDGE_FLAGS}
    given = {dest: value for dest, value in given.items() if value is not None}
    judge_only = [d for d in given if JUDGE_FLAGS[d][0] is JudgeSection and d != "judge"]
    if judge_only and "judge" not in given:
        raise ValueError(f"{_flag(judge_only[0])}: needs --judge URL (the judge to ask)")
    keys = {key: dest for dest, (_, key) in JUDGE_FLAGS.items()}
    values: dict[type[BaseModel], dict[str, Any]] = {JudgeSection: {}, GuardSection: {}}
    for dest, value in given.items():
        model, key = JUDGE_FLAGS[dest]
        values[model][key] = value
    errors = []
    sections: dict[type[BaseModel], Any] = {}
    for model, data in values.items():
        try:
            sections[model] = _validate(model, data, keys)
        except ValueError as exc:
            errors.append(str(exc))
    if errors:
        raise ValueError("\n".join(errors))
    judge = _dataclass(JudgeConfig, sections[JudgeSection]) if "judge" in given else None
    return judge, _dataclass(GuardConfig, sections[GuardSection])


def _dataclass(cls: Any, section: BaseModel) -> Any:
    """The part's dataclass from a validated section (its keys are the dataclass's fields; tests keep them equal)."""
    return cls(**section.model_dump(include={f.name for f in dataclasses.fields(cls)}))
