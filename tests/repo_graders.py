"""Real graders for the bundled repository tasks, shared by their test modules (tests/test_repo_tasks.py,
tests/test_repo_redteam.py): one warm pool and grader per sandbox image, each task's environment image built once."""

from __future__ import annotations

import asyncio
from typing import Any

from coderl.grade.commit import commit_or_refusal
from coderl.grade.grader import Grader, GradeResult
from coderl.sandbox import SandboxConfig, SandboxPool
from coderl.sandbox.envimage import build_environment
from coderl.sandbox.podman import PodmanEngine
from coderl.task import Task

BASE_IMAGE = SandboxConfig().image


class Graders:
    """One real pool and grader per image, on a loop of their own, shared by the tests of this module."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.pools: dict[str, tuple[SandboxPool, Grader]] = {}
        self.builds: dict[str, Any] = {}

    def image_of(self, task: Task) -> str:
        if task.environment is None:
            return BASE_IMAGE
        image = task.image(BASE_IMAGE)
        if image not in self.builds:
            engine = PodmanEngine(SandboxConfig())
            try:
                env = task.environment
                self.builds[image] = build_environment(
                    engine, image, env.key, python=env.python, requirements=env.requirements, setup=env.setup
                )
            finally:
                engine.close()
        return image

    def pool(self, image: str) -> tuple[SandboxPool, Grader]:
        if image not in self.pools:
            pool = SandboxPool(SandboxConfig(image=image, warm_graders=1), size=1)
            self.loop.run_until_complete(pool.start())
            self.pools[image] = (pool, Grader(pool))
        return self.pools[image]

    def grade(self, task: Task, files: dict[str, bytes], image: str | None = None) -> GradeResult:
        _, grader = self.pool(image or self.image_of(task))
        return self.loop.run_until_complete(grader.grade(task, files, keep_output=True))

    def grade_in_sandbox(
        self, task: Task, files: dict[str, bytes], setup: str = "", *, tools: dict[str, bytes] | None = None
    ) -> GradeResult:
        """Grade as an episode does: ``files`` laid out in a sandbox of the pool (an agent's), ``setup`` run there
        by the sandbox uid (links, modes, an index's stat data: what a dict of files cannot carry), the work
        committed there, the working tree downloaded, and both graded. ``tools``: files the setup may use, put in
        /tmp/coderl-test-tools (out of the workspace)."""
        pool, grader = self.pool(self.image_of(task))

        async def play() -> GradeResult:
            async with pool.sandbox() as sandbox:
                await sandbox.run(["rm", "-rf", "/workspace/.git"])  # the files given hold the whole repository
                await sandbox.write_files(files)
                if tools:
                    await sandbox.write_files(tools, "/tmp/coderl-test-tools")
                if setup:
                    done = await sandbox.run(["bash", "-c", setup], timeout=60)
                    assert done.exit_code == 0, f"setup failed: {done.stdout}{done.stderr}"
                commit = await commit_or_refusal(sandbox, task.workspace)
                worked, _ = await sandbox.download()
            return await grader.grade(task, worked, commit=commit, keep_output=True)

        return self.loop.run_until_complete(play())

    def close(self) -> None:
        for pool, _ in self.pools.values():
            self.loop.run_until_complete(pool.close())
        self.loop.close()
