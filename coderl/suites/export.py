"""A task suite as another stack's dataset rows (``coderl tasks export``).

verl (``--format verl``): one parquet row per task, in the columns verl's ``RLHFDataset`` reads:

* ``prompt``: the task's prompt as one user message (verl's dataset needs it; coderl's agent loop renders the
  task's own prompt with its tool format instead, see :mod:`coderl.integrations.verl.agent_loop`);
* ``agent_name``: the agent loop that plays the row (``coderl_agent`` by default);
* ``extra_info``: ``task_id`` (which coderl task), ``index``;
* ``data_source`` (``coderl``), ``ability`` (``code``) and ``reward_model`` (style ``coderl``, no ground truth:
  the reward comes from the hidden tests, in the agent loop).

Writing parquet needs ``pyarrow`` (verl depends on it; ``pip install "coderl[verl]"``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from coderl.task import Task

__all__ = ["EXPORT_FORMATS", "verl_rows", "write_verl"]

EXPORT_FORMATS = ("verl",)


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


def write_verl(
    tasks: Sequence[Task], out_dir: str | Path, name: str = "train", agent_name: str = "coderl_agent"
) -> Path:
    """Write ``OUT_DIR/NAME.parquet``; an ``ImportError`` naming the fix when pyarrow is missing."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError as exc:
        raise ImportError('writing parquet needs pyarrow: pip install pyarrow (or "coderl[verl]")') from exc
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{name}.parquet"
    pq.write_table(pa.Table.from_pylist(verl_rows(tasks, agent_name)), path)
    return path
