"""Grading: the agent's final workspace, restored and neutralized, against hidden tests in a fresh container."""

from coderl.grade.grader import Grader, GradeResult, GradingError, TaskNotGradable, read_workspace_dir
from coderl.grade.workspace import prepare_workspace

__all__ = ["GradeResult", "Grader", "GradingError", "TaskNotGradable", "prepare_workspace", "read_workspace_dir"]
