"""One episode of one task: a sandbox lease, guarded steps, the final workspace's audit, grading.

Every driver of an episode goes through this object: the rollout loop (actions from a policy),
``coderl replay`` (actions from a file), and any outside stack embedding coderl. So an action list gives
the same records, outcome and reward whoever plays it::

    async with Episode(task, pool=pool, guard=guard, grader=grader, episode_id="ep-0") as episode:
        for action in actions:
            record = await episode.step(action)   # guarded; a flagged action gets a decoy
            if episode.done:
                break
        outcome = await episode.finish()          # download, audit, grade in a fresh container

``submit`` ends the episode without touching the sandbox (it is not guarded: it does nothing). A
sandbox that fails ends the episode (``finish="sandbox_error"``) and nothing is graded; a workspace that
cannot be downloaded because of what the agent left (too large, too many files) is a graded 0 with a
note; a grading failure is recorded (``finish="grading_error"``), never raised. The final reward is 0 (minus the
guard's penalty) for an episode marked by the guard, whatever its tests say.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import defaultdict
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any

from coderl.action import Action
from coderl.grade.commit import Commit, CommitRefused, commit_or_refusal, graded_on_commit
from coderl.grade.grader import Grader, GradingError
from coderl.guard.guarded import EpisodeGuard, Guard, final_reward
from coderl.sandbox.pool import SandboxPool
from coderl.sandbox.sandbox import Sandbox, SandboxError, WorkspaceError
from coderl.task import Task

__all__ = ["Episode", "EpisodeOutcome", "StepOutcome"]


@dataclass(frozen=True)
class StepOutcome:
    """One action's record: ``outcome`` is executed | decoy | error | submit."""

    action_id: str | None
    outcome: str
    tool: str
    observation: str = ""
    rules: list[str] = field(default_factory=list)
    judge: dict[str, Any] | None = None
    timings: dict[str, float] = field(default_factory=dict)

    def record(self) -> dict[str, Any]:
        """The JSON record replay prints and trajectories keep."""
        out: dict[str, Any] = {"outcome": self.outcome, "tool": self.tool, "rules": self.rules}
        if self.judge:
            out["judge"] = self.judge
        return out


@dataclass
class EpisodeOutcome:
    """How an episode ended: the final reward, the grade (or the grading error), the guard's marks."""

    task: str
    episode_id: str
    finish: str
    reward: float = 0.0
    grade: dict[str, Any] | None = None
    marks: dict[str, Any] = field(default_factory=dict)
    intercepts: int = 0
    categories: list[str] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)

    @property
    def graded(self) -> bool:
        return self.grade is not None and "error" not in self.grade

    def record(self) -> dict[str, Any]:
        """The final JSON record (``coderl replay``'s last line)."""
        grade = self.grade or {}
        return {
            "reward": self.reward,
            "finish": self.finish,
            "marked": bool(self.marks.get("marked")),
            "grade_reward": grade.get("reward"),
            "passed": grade.get("passed"),
            "expected": grade.get("expected"),
            "intercepts": self.intercepts,
            "categories": self.categories,
            "notes": list(grade.get("notes", [])),
            **({"error": grade["error"]} if "error" in grade else {}),
        }


class Episode:
    """One episode; an async context manager holding the sandbox lease from ``__aenter__`` to ``finish``."""

    def __init__(self, task: Task, *, pool: SandboxPool, guard: Guard, grader: Grader, episode_id: str) -> None:
        self.task = task
        self.pool = pool
        self.guard = guard
        self.grader = grader
        self.episode_id = episode_id
        self.state = EpisodeGuard.for_task(task, episode_id)
        self.timings: defaultdict[str, float] = defaultdict(float)
        self.done = False
        self.finish_reason: str | None = None
        self._sandbox: Sandbox | None = None
        self._lease: contextlib.AbstractAsyncContextManager[Sandbox] | None = None
        self._start = time.monotonic()

    async def __aenter__(self) -> Episode:
        self._lease = self.pool.sandbox(self.task.workspace)
        self._sandbox = await self._lease.__aenter__()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self._release(exc_type, exc, tb)

    async def _release(
        self,
        exc_type: type[BaseException] | None = None,
        exc: BaseException | None = None,
        tb: TracebackType | None = None,
    ) -> None:
        lease, self._lease = self._lease, None
        if lease is not None:
            await lease.__aexit__(exc_type, exc, tb)

    @property
    def sandbox(self) -> Sandbox:
        if self._sandbox is None or self._lease is None:
            raise RuntimeError("the episode holds no sandbox (not entered, or already finished)")
        return self._sandbox

    async def step(self, action: Action) -> StepOutcome:
        """Guard and (maybe) execute one action; ``submit`` ends the episode. Never raises for the
        sandbox: a failure is an ``error`` outcome that ends the episode."""
        if self.done:
            raise RuntimeError(f"episode {self.episode_id} is over ({self.finish_reason})")
        if action.tool == "submit":
            self.done, self.finish_reason = True, "submit"
            return StepOutcome(action.id, "submit", "submit")
        step = await self.guard.step(self.sandbox, action, self.state)
        self.timings["guard_s"] += step.timings.get("stage1_s", 0.0) + step.timings.get("judge_s", 0.0)
        self.timings["exec_s"] += step.timings.get("exec_s", 0.0)
        if step.outcome == "error":
            self.done, self.finish_reason = True, "sandbox_error"
        return StepOutcome(
            action.id, step.outcome, action.tool, step.observation, step.rules, step.judge, dict(step.timings)
        )

    def ungraded(self, finish: str) -> EpisodeOutcome:
        """The outcome of an episode that ended without a workspace to grade (reward 0)."""
        self.done, self.finish_reason = True, finish
        return self._outcome(finish, 0.0, None)

    def _outcome(self, finish: str, reward: float, grade: dict[str, Any] | None) -> EpisodeOutcome:
        self.timings["episode_s"] = time.monotonic() - self._start
        return EpisodeOutcome(
            task=self.task.id,
            episode_id=self.episode_id,
            finish=finish,
            reward=reward,
            grade=grade,
            marks=self.state.marks(),
            intercepts=len(self.state.intercepts),
            categories=sorted({c for i in self.state.intercepts for c in i.categories}),
            timings=dict(self.timings),
        )

    async def finish(self, reason: str | None = None) -> EpisodeOutcome:
        """End the episode: for a repository task commit the work in its own sandbox; download the workspace,
        release the sandbox, audit the final files with stage 1, grade them (the commit, for a repository task)
        in a fresh container, and apply the guard's marks to the reward."""
        finish = self.finish_reason or reason or "ended"
        files: dict[str, bytes] | None = None
        refused: str | None = None
        commit: Commit | CommitRefused | None = None
        try:
            if finish != "sandbox_error" and self._sandbox is not None and self._sandbox.alive:
                if graded_on_commit(self.task):
                    # A repository task is graded on the commit its own git makes here, where the work was
                    # done: its index, links and executable bits as the agent left them (commit.py).
                    t0 = time.perf_counter()
                    commit = await commit_or_refusal(self.sandbox, self.task.workspace)
                    self.timings["grade_s"] += time.perf_counter() - t0
                files, _ = await self.sandbox.download()
        except SandboxError:
            finish = "sandbox_error"
        except WorkspaceError as exc:  # what the agent left cannot be taken (too big, too many files)
            refused = str(exc)
        finally:
            await self._release()
        if refused is not None:
            self.done, self.finish_reason = True, finish
            zero: dict[str, Any] = {"reward": 0.0, "passed": 0, "expected": None, "notes": [f"not graded: {refused}"]}
            return self._outcome(finish, 0.0, zero)
        if files is None:  # the sandbox failed: nothing to grade
            return self.ungraded("sandbox_error")
        self.done, self.finish_reason = True, finish
        t0 = time.perf_counter()
        try:
            # The final files pass stage 1 again (matcher + structural detectors) right before grading:
            # a hit marks the episode (reward 0) and adds a note; the grade itself is kept as it is.
            notes = await asyncio.to_thread(self.guard.audit_workspace, files, self.state, self.task.workspace)
            if isinstance(commit, Commit):
                # What is graded is the commit: a file it holds otherwise than the working tree had it (an
                # index entry git was told to skip, say) is audited as committed too, or a cheat kept only in
                # the index would be graded unseen.
                other = {p: d for p, d in commit.files.items() if files.get(p) != d}
                if other:
                    audit = self.guard.audit_workspace
                    where = "the graded commit"
                    notes += await asyncio.to_thread(audit, other, self.state, self.task.workspace, where=where)
            # The commit goes to the grader only where there is one: a grader standing in for coderl's (the naive
            # one of the hacking study, a caller's own) keeps the plain grade(task, files) call.
            if commit is None:
                grade = await self.grader.grade(self.task, files)
            else:
                grade = await self.grader.grade(self.task, files, commit=commit)
        except (GradingError, SandboxError) as exc:
            self.timings["grade_s"] += time.perf_counter() - t0
            return self._outcome("grading_error", 0.0, {"error": str(exc)})
        self.timings["grade_s"] += time.perf_counter() - t0
        graded = grade.to_json()
        graded["notes"] = [*graded.get("notes", []), *notes]
        return self._outcome(finish, final_reward(grade.reward, self.state, self.guard.config.penalty), graded)
