"""``coderl grade TASK_DIR --workspace DIR``: grade a workspace and print one JSON object.

A repository task's directory is laid out in a sandbox as it is (links, executable bits, times) and committed there
by its own git, as an episode's end commits in the agent's sandbox (``coderl.grade.commit``)."""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import sys
from pathlib import Path

from coderl.grade.commit import Commit, CommitRefused, commit_or_refusal, graded_on_commit
from coderl.grade.grader import Grader, GradingError, TaskNotGradable, read_workspace_dir
from coderl.sandbox.config import SandboxConfig
from coderl.sandbox.files import tar_of_tree
from coderl.sandbox.podman import EngineError
from coderl.sandbox.pool import SandboxPool
from coderl.sandbox.sandbox import SandboxError
from coderl.task import Task, TaskError, load_task


async def _laid_out_commit(pool: SandboxPool, workspace: Path, task: Task) -> Commit | CommitRefused:
    """The commit of a repository task's workspace directory as its own git would make it: the directory laid out
    in a sandbox as it is (links, modes and times kept; ``tar -x`` as the sandbox uid) and committed there, as an
    episode's end does in the agent's sandbox."""
    async with pool.sandbox() as sandbox:
        done = await sandbox.run(
            ["tar", "-x", "-f", "-", "-C", "/workspace", "--no-same-owner"], stdin=tar_of_tree(workspace), timeout=120
        )
        if done.exit_code != 0 or done.timed_out:
            return CommitRefused(f"the workspace could not be laid out to commit it: {done.stderr.strip()[-300:]}")
        return await commit_or_refusal(sandbox, task.workspace)


async def _grade(
    task_dir: Path, workspace: Path, files: dict[str, bytes], config: SandboxConfig, verbose: bool
) -> dict:
    task = load_task(task_dir)
    config = dataclasses.replace(config, image=task.image(config.image))  # a repository task's environment
    async with SandboxPool(config, size=1) as pool:
        grader = Grader(pool)
        commit = None
        if graded_on_commit(task):
            await grader.expected_tests(task)  # a task whose hidden suite cannot be collected fails first
            commit = await _laid_out_commit(pool, workspace, task)
        return (await grader.grade(task, files, commit=commit, keep_output=verbose)).to_json()


def run_grade(args: argparse.Namespace) -> int:
    workspace = Path(args.workspace)
    if not workspace.is_dir():
        print(f"coderl grade: workspace {workspace} is not a directory", file=sys.stderr)
        return 2
    try:
        repository = load_task(Path(args.task_dir)).repo is not None
    except TaskError as exc:
        print(f"coderl grade: {exc}", file=sys.stderr)
        return 2
    try:
        files = read_workspace_dir(workspace, keep_git=repository)  # its commits and ignore rules count
    except (ValueError, OSError) as exc:
        print(f"coderl grade: workspace: {exc}", file=sys.stderr)
        return 2
    try:
        config = SandboxConfig(mode=args.mode)
        result = asyncio.run(_grade(Path(args.task_dir), workspace, files, config, args.verbose))
    except (TaskError, TaskNotGradable) as exc:
        print(f"coderl grade: {exc}", file=sys.stderr)
        return 2
    except (GradingError, SandboxError, EngineError) as exc:
        print(f"coderl grade: grading failed: {exc}", file=sys.stderr)
        return 3
    output = result.pop("output", "")
    if output:
        print(output, file=sys.stderr)
    print(json.dumps(result))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    grade = sub.add_parser(
        "grade",
        help="grade a workspace against a task's hidden tests",
        description="Grade DIR against TASK_DIR in a fresh sandbox; print one JSON object. Exit status 0 when "
        "grading worked (whatever the reward), 2 for a bad task (hidden tests that cannot be collected) or workspace, "
        "3 when the infrastructure failed.",
    )
    grade.add_argument("task_dir")
    grade.add_argument("--workspace", required=True, metavar="DIR")
    grade.add_argument("--mode", choices=("rootless", "rootful"), default="rootless")
    grade.add_argument(
        "-v", "--verbose", action="store_true", help="also print the test run's output (why tests failed) on stderr"
    )
    grade.set_defaults(func=run_grade)
