"""``coderl tasks export``: verl's dataset rows for a suite (the parquet file itself is read back by verl's
RLHFDataset in tests/test_integration_verl.py)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from sandboxes import CODERL, TASKS

from coderl.suites.export import skyrl_rows, trl_rows, verl_rows
from coderl.task import load_tasks


def test_verl_rows_name_the_task_and_the_agent_loop():
    tasks = load_tasks(TASKS)
    rows = verl_rows(tasks, agent_name="coderl_agent")
    assert [r["extra_info"]["task_id"] for r in rows] == [t.id for t in tasks]
    assert [r["extra_info"]["index"] for r in rows] == list(range(len(tasks)))
    for row, task in zip(rows, tasks, strict=True):
        assert row["prompt"] == [{"role": "user", "content": task.prompt}]
        assert row["agent_name"] == "coderl_agent" and row["data_source"] == "coderl"


def test_skyrl_rows_name_the_env_class_and_the_task_and_trl_rows_the_task_column():
    tasks = load_tasks(TASKS)
    rows = skyrl_rows(tasks)
    assert [r["extra_info"]["task_id"] for r in rows] == [t.id for t in tasks]
    assert {r["env_class"] for r in rows} == {"coderl"} and rows[0]["prompt"][0]["content"] == tasks[0].prompt
    assert trl_rows(tasks) == [{"prompt": [{"role": "user", "content": t.prompt}], "task_id": t.id} for t in tasks]


def test_export_trl_with_an_agent_name_is_refused_naming_the_flag(tmp_path: Path):
    args = ["tasks", "export", "--format", "trl", "--agent-name", "x", str(tmp_path / "data")]
    out = subprocess.run([CODERL, *args], capture_output=True, text=True)
    assert out.returncode == 2 and "--agent-name" in out.stderr
    assert not (tmp_path / "data" / "train.parquet").exists()


def test_export_without_pyarrow_is_refused_with_the_fix(tmp_path: Path):
    # pyarrow is in the dev extra; a package of that name that fails to import stands in for a machine without it
    shadow = tmp_path / "no-pyarrow" / "pyarrow"
    shadow.mkdir(parents=True)
    (shadow / "__init__.py").write_text("raise ImportError(\"No module named 'pyarrow'\")\n")
    env = {**os.environ, "PYTHONPATH": str(shadow.parent)}
    out = subprocess.run(
        [CODERL, "tasks", "export", "--format", "verl", str(tmp_path / "data")], capture_output=True, text=True, env=env
    )
    assert out.returncode == 2 and "pip install pyarrow" in out.stderr
    assert not (tmp_path / "data" / "train.parquet").exists()
