"""Multi-turn rollouts: the tool-call protocol, engines (transformers, vLLM), the agent loop, trajectories."""

from coderl.rollout.engine import Engine, Generation, SamplingParams
from coderl.rollout.loop import Batcher, RolloutConfig, run_episode, run_rollouts, summarize
from coderl.rollout.protocol import ChatFormat, ParsedCall, parse_tool_call
from coderl.rollout.trajectory import Trajectory, TrajectoryWriter, read_trajectories

__all__ = [
    "Batcher",
    "ChatFormat",
    "Engine",
    "Generation",
    "ParsedCall",
    "RolloutConfig",
    "SamplingParams",
    "Trajectory",
    "TrajectoryWriter",
    "parse_tool_call",
    "read_trajectories",
    "run_episode",
    "run_rollouts",
    "summarize",
]
