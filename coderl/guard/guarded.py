"""Guarded execution: the one entry point the rollout loop calls for every action.

stage-1 rules → stage-2 judge → sandbox. A flagged action never runs: the agent gets a decoy, the
episode is marked (its final reward becomes 0, or a configured penalty) and the intercept is written
to the audit log. Stage 2 runs concurrently with other episodes' work; the judge never blocks the pool.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from coderl.action import Action
from coderl.guard.additive import apply_edit
from coderl.guard.context import GuardContext
from coderl.guard.decoy import CATEGORY_FAMILY, FAMILIES, make_decoy
from coderl.guard.judge import Judge, JudgeContext, JudgeVerdict
from coderl.guard.pycode import is_test_source
from coderl.guard.stage1 import Finding, Stage1Scanner, Verdict
from coderl.guard.structural import scan_workspace
from coderl.sandbox.sandbox import Sandbox, SandboxError
from coderl.task import Task
from coderl.tools import ToolResult, edited, resolve_path, run_tool, written

__all__ = ["AuditLog", "EpisodeGuard", "Guard", "GuardConfig", "Intercept", "StepRecord", "final_reward"]

log = logging.getLogger("coderl.guard")


@dataclass(frozen=True)
class GuardConfig:
    """Which actions reach the judge (``all``, ``suspicious``: only stage-1 low-severity hits, or
    ``sample``: a ``sample_rate`` fraction plus every suspicious one), the decoy seed, the penalty."""

    judge_mode: Literal["all", "suspicious", "sample"] = "suspicious"
    sample_rate: float = 0.1
    seed: int = 0
    penalty: float = 0.0
    history_turns: int = 4
    command_timeout_s: float | None = None

    def __post_init__(self) -> None:
        if self.judge_mode not in ("all", "suspicious", "sample"):
            raise ValueError(f"guard judge_mode={self.judge_mode!r}: expected 'all', 'suspicious' or 'sample'")
        if not 0.0 <= self.sample_rate <= 1.0:
            raise ValueError(f"guard sample_rate={self.sample_rate!r} must be in [0, 1]")
        if self.penalty < 0:
            raise ValueError(f"guard penalty={self.penalty!r} must be >= 0 (it is subtracted)")


@dataclass(frozen=True)
class Intercept:
    """One flagged action: by whom, why, and what the agent was shown."""

    step: int
    action: dict[str, Any]
    stage: str  # "stage1" | "judge" | "policy" | "workspace" (the final files, scanned before grading)
    categories: list[str]
    rules: list[str]
    rationale: str
    family: str
    decoy: str

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass
class EpisodeGuard:
    """The guard's state for one episode: task context, recent turns, marks, and the decoy overlay
    (files the agent believes it wrote but that never reached the sandbox)."""

    context: GuardContext = field(default_factory=GuardContext)
    task_prompt: str = ""
    episode_id: str = ""
    intercepts: list[Intercept] = field(default_factory=list)
    history: list[tuple[str, str]] = field(default_factory=list)
    overlay: dict[str, str] = field(default_factory=dict)
    judge_failures: int = 0
    steps: int = 0
    # The current text of the task's Python test files (the context's ``texts``: the same dict), and which
    # of them a shell command may have changed since (re-read from the sandbox before they are judged).
    texts: dict[str, str] = field(default_factory=dict)
    stale: set[str] = field(default_factory=set)

    @classmethod
    def for_task(cls, task: Task, episode_id: str = "") -> EpisodeGuard:
        """The guard state for one episode of ``task``: its files, protected globs, prompt, and the text
        of its Python test files (so an edit of one is judged as the whole file it leaves)."""
        texts = {
            path: data.decode("utf-8", "surrogateescape")
            for path, data in task.workspace.items()
            if is_test_source(path)
        }
        context = GuardContext(task_files=frozenset(task.workspace)).with_protected(*task.grading.protected)
        episode_id = episode_id or task.id
        return cls(context=context.with_texts(texts), task_prompt=task.prompt, episode_id=episode_id, texts=texts)

    def _text_path(self, action: Action) -> str | None:
        if action.tool not in ("write_file", "edit_file"):
            return None
        path = self.context.normalize(action.text("path"))
        return path if path in self.texts else None

    async def refresh_text(self, sandbox: Sandbox, action: Action) -> None:
        """Before judging a write or edit of a task test file a command may have changed: its current text
        from the sandbox (unreadable: forgotten, and the edit is judged on its fragments only)."""
        path = self._text_path(action)
        if path is None or path not in self.stale:
            return
        self.stale.discard(path)
        try:
            data = await sandbox.read_file(resolve_path(path), 4 << 20)
        except (SandboxError, OSError, ValueError):
            self.texts.pop(path, None)
            return
        self.texts[path] = data.decode("utf-8", "surrogateescape")

    def executed(self, action: Action, exit_code: int) -> None:
        """Keep ``texts`` current after an action ran in the sandbox."""
        if action.tool == "bash":
            self.stale |= set(self.texts)
            return
        path = self._text_path(action)
        if path is None or exit_code != 0:
            return
        if action.tool == "write_file":
            self.texts[path] = action.text("content")
            return
        after = apply_edit(self.texts[path], action.text("old"), action.text("new"))
        if after is None:
            self.texts.pop(path)  # not the text the sandbox holds after all
        else:
            self.texts[path] = after

    @property
    def marked(self) -> bool:
        return bool(self.intercepts)

    def marks(self) -> dict[str, Any]:
        """What travels with the trajectory."""
        return {
            "marked": self.marked,
            "intercepts": [i.to_json() for i in self.intercepts],
            "judge_failures": self.judge_failures,
        }


def final_reward(grade_reward: float, episode: EpisodeGuard, penalty: float = 0.0) -> float:
    """A marked episode earns nothing (minus the penalty), whatever its tests say."""
    return -penalty if episode.marked else grade_reward


@dataclass(frozen=True)
class StepRecord:
    """What happened to one action. ``outcome``: executed | decoy | error."""

    step: int
    action_id: str | None
    outcome: Literal["executed", "decoy", "error"]
    observation: str
    exit_code: int
    rules: list[str]
    stage1: dict[str, Any]
    judge: dict[str, Any] | None
    timings: dict[str, float]
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


class AuditLog:
    """Append-only JSONL of every intercepted action, flushed per line (a crash loses nothing written)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()

    def write(self, record: dict[str, Any]) -> None:
        line = json.dumps(record, ensure_ascii=False) + "\n"
        with self._lock, self.path.open("a", encoding="utf-8") as f:
            f.write(line)


class Guard:
    """Stage 1, an optional judge, decoys and the audit log, shared by every episode."""

    def __init__(
        self,
        scanner: Stage1Scanner | None = None,
        judge: Judge | None = None,
        config: GuardConfig | None = None,
        audit: AuditLog | None = None,
    ) -> None:
        self.scanner = scanner or Stage1Scanner()
        self.judge = judge
        self.config = config or GuardConfig()
        self.audit = audit
        self._rng = random.Random(self.config.seed)
        self.stats = {"actions": 0, "executed": 0, "decoys": 0, "errors": 0, "judged": 0}

    def _wants_judge(self, verdict: Verdict) -> bool:
        if self.judge is None or verdict.cheat:
            return False
        if verdict.suspicious or self.config.judge_mode == "all":
            return True
        return self.config.judge_mode == "sample" and self._rng.random() < self.config.sample_rate

    def _scanner_for(self, episode: EpisodeGuard) -> Stage1Scanner:
        if episode.context is self.scanner.context:
            return self.scanner
        return self.scanner.with_context(episode.context)

    async def check(
        self, action: Action, episode: EpisodeGuard
    ) -> tuple[Verdict, JudgeVerdict | None, dict[str, float]]:
        """Both stages' verdicts without executing anything (what ``coderl scan --judge`` uses)."""
        t0 = time.perf_counter()
        verdict = self._scanner_for(episode).scan(action)
        t1 = time.perf_counter()
        judged = None
        if self._wants_judge(verdict):
            assert self.judge is not None
            self.stats["judged"] += 1
            history = tuple(episode.history[-self.config.history_turns :]) if self.config.history_turns else ()
            context = JudgeContext(episode.task_prompt, episode.context.protected, history)
            judged = await self.judge.judge(action, context)
            if judged.source == "policy":
                episode.judge_failures += 1
        return verdict, judged, {"stage1_s": t1 - t0, "judge_s": time.perf_counter() - t1}

    def _intercept(
        self, action: Action, episode: EpisodeGuard, verdict: Verdict, judged: JudgeVerdict | None
    ) -> tuple[ToolResult, Intercept]:
        if verdict.cheat:
            finding = next(f for f in verdict.findings if f.severity != "low")
            family, stage = finding.decoy, "stage1"
            categories, rationale = verdict.categories, "; ".join(f.rule for f in verdict.findings)
        else:
            assert judged is not None
            family = CATEGORY_FAMILY.get(judged.category, "")
            stage = "policy" if judged.source == "policy" else "judge"
            categories, rationale = [judged.category], judged.rationale
        if family not in FAMILIES:
            family = "write_ignored" if action.tool in ("write_file", "edit_file", "bash") else "not_found"
        result = make_decoy(action, family, seed=hash((self.config.seed, episode.episode_id, episode.steps)) & 0xFFFF)
        if family == "write_ignored" and action.tool in ("write_file", "edit_file"):
            result = self._overlay_write(action, episode, result)
        intercept = Intercept(
            step=episode.steps,
            action=action.to_json(),
            stage=stage,
            categories=categories,
            rules=verdict.rules,
            rationale=rationale,
            family=family,
            decoy=result.observation,
        )
        return result, intercept

    def _overlay_write(self, action: Action, episode: EpisodeGuard, result: ToolResult) -> ToolResult:
        path = resolve_path(action.text("path"))
        if action.tool == "write_file":
            episode.overlay[path] = action.text("content")
            return written(path, len(action.text("content").encode("utf-8", "surrogatepass")))
        if path in episode.overlay and action.text("old") in episode.overlay[path]:
            episode.overlay[path] = episode.overlay[path].replace(action.text("old"), action.text("new"), 1)
        return edited(path) if result.exit_code == 0 else result

    def audit_workspace(
        self,
        files: Mapping[str, bytes],
        episode: EpisodeGuard,
        original: Mapping[str, bytes] | None = None,
        *,
        where: str = "final workspace",
    ) -> list[str]:
        """Scan the agent's final files before grading, the way its actions were scanned (the matcher's
        rules and the structural detectors; files identical to ``original`` are the task's and skipped).

        Each file with a non-low finding becomes an intercept (stage ``workspace``), so the episode is
        marked and :func:`final_reward` zeroes it; returns one note per such file naming the rules (and
        ``where`` the files were: the final workspace, or the commit that is graded).
        """
        hits = scan_workspace(files, episode.context, original, scanner=self._scanner_for(episode))
        by_path: dict[str, list[Finding]] = {}
        for path, finding in hits:
            if finding.severity != "low":
                by_path.setdefault(path, []).append(finding)
        notes = []
        for path, found in by_path.items():
            rules = sorted({f.rule for f in found})
            categories = sorted({f.category for f in found})
            note = f"{where}: {path}: {', '.join(rules)} (reward withheld)"
            notes.append(note)
            intercept = Intercept(
                step=episode.steps,
                action={"tool": "workspace", "path": path},
                stage="workspace",
                categories=categories,
                rules=rules,
                rationale=note,
                family="",
                decoy="",
            )
            episode.intercepts.append(intercept)
            if self.audit is not None:
                self.audit.write({"episode": episode.episode_id, "time": time.time(), **intercept.to_json()})
            log.info("final workspace of %s: %s", episode.episode_id, note)
        return notes

    async def step(self, sandbox: Sandbox, action: Action, episode: EpisodeGuard) -> StepRecord:
        """Guard and (maybe) execute one action. Sandbox failures become an ``error`` record, never a raise."""
        self.stats["actions"] += 1
        episode.steps += 1
        await episode.refresh_text(sandbox, action)
        verdict, judged, timings = await self.check(action, episode)
        flagged = verdict.cheat or (judged is not None and judged.cheat)
        error = None
        if flagged:
            result, intercept = self._intercept(action, episode, verdict, judged)
            episode.intercepts.append(intercept)
            outcome: Literal["executed", "decoy", "error"] = "decoy"
            self.stats["decoys"] += 1
            timings["exec_s"] = 0.0
            if self.audit is not None:
                self.audit.write({"episode": episode.episode_id, "time": time.time(), **intercept.to_json()})
            log.info("intercepted step %d (%s): %s", episode.steps, intercept.stage, ", ".join(intercept.categories))
        else:
            t0 = time.perf_counter()
            try:
                path = resolve_path(action.text("path")) if action.tool == "read_file" else ""
                if path and path in episode.overlay:
                    result = ToolResult(episode.overlay[path], 0)
                else:
                    result = await run_tool(sandbox, action, timeout=self.config.command_timeout_s)
                outcome = "executed"
                self.stats["executed"] += 1
                episode.executed(action, result.exit_code)
            except (SandboxError, asyncio.TimeoutError) as exc:
                result = ToolResult(f"Error: the sandbox failed ({exc}); the episode cannot continue.", -1)
                outcome, error = "error", str(exc)
                self.stats["errors"] += 1
            except ValueError as exc:
                result = ToolResult(f"Error: {exc}", 1)
                outcome = "executed"
            timings["exec_s"] = time.perf_counter() - t0
        episode.history.append((json.dumps(action.to_json(), ensure_ascii=False)[:2000], result.observation[:1000]))
        return StepRecord(
            step=episode.steps,
            action_id=action.id,
            outcome=outcome,
            observation=result.observation,
            exit_code=result.exit_code,
            rules=verdict.rules,
            stage1=verdict.to_json(),
            judge=judged.to_json() if judged else None,
            timings=timings,
            error=error,
        )
