"""A task suite as another stack's dataset rows (``coderl tasks export``).

verl (``--format verl``): one parquet row per task, in the columns verl's ``RLHFDataset`` reads:

* ``prompt``: the task's prompt as one user message (verl's dataset needs it; coderl's agent loop renders the
  task's own prompt with its tool format instead, see :mod:`coderl.integrations.verl.agent_loop`);
* ``agent_name``: the agent loop that plays the row (``coderl_agent`` by default);
* ``extra_info``: ``task_id`` (which coderl task), ``index``;
* ``data_source`` (``coderl``), ``ability`` (``code``) and ``reward_model`` (style ``coderl``, no ground truth:
  the reward comes from the hidden tests, in the agent loop).

SkyRL (``--format skyrl``): one parquet row per task, in the columns skyrl-train's prompt dataset reads: ``prompt``
(one user message; coderl's environment replaces it with its own conversation), ``env_class`` (``coderl``,
see :mod:`coderl.integrations.skyrl`), ``reward_spec`` (method ``coderl``, no ground truth), ``extra_info``
(``task_id``, ``index``) and ``data_source``; every column but ``prompt`` and ``env_class`` reaches the
environment as its ``extras``.

TRL (``--format trl``): one parquet row per task for ``datasets.load_dataset("parquet", ...)``: ``prompt`` (the
task's prompt as one user message, what GRPOTrainer renders and generates from) and ``task_id``, the column
coderl's reward function and environment read (TRL passes every dataset column to both).

OpenRLHF (``--format openrlhf``): one parquet row per task: ``input`` (the task's prompt as one user message) and
``label`` (the task id), for ``--input_key input --label_key label --apply_chat_template``; coderl's remote reward
(:mod:`coderl.integrations.openrlhf`) reads the label.

Writing parquet needs ``pyarrow`` (verl and TRL's ``datasets`` depend on it; ``pip install pyarrow``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from coderl.task import Task

__all__ = [
    "EXPORT_FORMATS",
    "export_rows",
    "openrlhf_rows",
    "skyrl_rows",
    "trl_rows",
    "verl_rows",
    "write_rows",
    "write_verl",
]

EXPORT_FORMATS = ("verl", "skyrl", "trl", "openrlhf")


def verl_rows(tasks: Sequence[Task], agent_name: str = "coderl_agent") -> list[dict[str, Any]]:
    """One verl dataset row per task, in the order given."""
    return [
        {
            "data_source": "coderl",
            "prompt": [{"role": "user", "content": task.prompt}],
            "ability": "code",
            "reward_model": {"style": "coderl", "ground_truth": ""},
            "agent_name": agent_name,
            "extra_info": {"task_id": task.id, "index": i},
        }
        for i, task in enumerate(tasks)
    ]


def skyrl_rows(tasks: Sequence[Task], env_class: str = "coderl") -> list[dict[str, Any]]:
    """One SkyRL dataset row per task, in the order given."""
    return [
        {
            "data_source": "coderl",
            "prompt": [{"role": "user", "content": task.prompt}],
            "env_class": env_class,
            "reward_spec": {"method": "coderl", "ground_truth": ""},
            "extra_info": {"task_id": task.id, "index": i},
        }
        for i, task in enumerate(tasks)
    ]


def trl_rows(tasks: Sequence[Task]) -> list[dict[str, Any]]:
    """One TRL dataset row per task, in the order given."""
    return [{"prompt": [{"role": "user", "content": task.prompt}], "task_id": task.id} for task in tasks]


def openrlhf_rows(tasks: Sequence[Task]) -> list[dict[str, Any]]:
    """One OpenRLHF dataset row per task, in the order given."""
    return [{"input": [{"role": "user", "content": task.prompt}], "label": task.id} for task in tasks]


def export_rows(tasks: Sequence[Task], fmt: str, name: str = "coderl_agent") -> list[dict[str, Any]]:
    """The rows of ``fmt`` (one of :data:`EXPORT_FORMATS`); ``name`` is verl's agent loop or SkyRL's env class."""
    if fmt == "verl":
        return verl_rows(tasks, name)
    if fmt == "skyrl":
        return skyrl_rows(tasks, name)
    if fmt == "trl":
        return trl_rows(tasks)
    if fmt == "openrlhf":
        return openrlhf_rows(tasks)
    raise ValueError(f"--format {fmt!r}: not one of {', '.join(EXPORT_FORMATS)}")


def write_rows(rows: list[dict[str, Any]], out_dir: str | Path, name: str = "train") -> Path:
    """Write ``OUT_DIR/NAME.parquet``; an ``ImportError`` naming the fix when pyarrow is missing."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError as exc:
        raise ImportError("writing parquet needs pyarrow: pip install pyarrow") from exc
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{name}.parquet"
    pq.write_table(pa.Table.from_pylist(rows), path)
    return path


def write_verl(
    tasks: Sequence[Task], out_dir: str | Path, name: str = "train", agent_name: str = "coderl_agent"
) -> Path:
    """Write verl's ``OUT_DIR/NAME.parquet``; an ``ImportError`` naming the fix when pyarrow is missing."""
    return write_rows(verl_rows(tasks, agent_name), out_dir, name)
