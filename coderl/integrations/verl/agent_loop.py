"""coderl's guarded sandbox episode as a verl agent loop (``agent_name: coderl_agent``).

verl's ``AgentLoopWorker`` instantiates one agent loop per sample (``hydra.utils.instantiate`` of the entry
registered under the sample's ``agent_name``) and awaits its ``run``. :class:`CoderlAgentLoop` plays the
sample's coderl task through :func:`coderl.rollout.loop.run_episode`, the same loop ``coderl rollout`` and
``coderl train`` use: every action passes the guard before it runs in a rootless Podman sandbox (a flagged
action gets a decoy observation and marks the episode), the final workspace is audited and graded by the
hidden tests in a fresh container, and a marked episode scores 0.

The policy's tokens come from verl's server manager (``server_manager.generate``: token ids in, token ids
and logprobs out), so generation runs wherever verl runs it (vLLM, SGLang) with verl's sampling settings.

What verl receives (``AgentLoopOutput``):

* ``prompt_ids``: coderl's prompt for the task (system prompt with the tool format, then the task), rendered
  by the model's chat template; the dataset row's own ``prompt`` is not used (``extra_info.task_id`` picks
  the task);
* ``response_ids`` / ``response_mask``: the policy's turns (mask 1) and everything between them, i.e. the
  template's turn ends and the tool observations (mask 0); the response ends at the last generated token, so
  the reward verl places on the last response token sits on a policy token (verl's GAE would drop a reward
  on an observation token);
* ``response_logprobs``: the server's sampling logprobs of the policy tokens (0 elsewhere), when it returned
  them;
* ``reward_score``: coderl's final reward (hidden tests, times the guard's marks), which makes verl skip its
  reward manager for the sample;
* ``extra_fields["coderl"]``: task, episode id, how it finished, the grade, whether the guard marked it and
  the rules that fired.

Register it in the file named by ``actor_rollout_ref.rollout.agent.agent_loop_config_path``::

    - name: coderl_agent
      _target_: coderl.integrations.verl.agent_loop.CoderlAgentLoop
      tasks: /path/to/tasks        # a task directory or a directory of tasks; "basic": the bundled suite
      tool_format: hermes          # how the policy writes calls (coderl | hermes | openai)
      max_turns: 8
      max_new_tokens: 1024         # per turn (default: rollout.response_length, the whole response's budget)
      sandboxes: 4                 # warm sandboxes per agent-loop worker process

Sandboxes, guard and grader are made once per agent-loop worker process (and event loop) and shared by its
agent loops; :func:`close_environments` stops them.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Sequence
from typing import Any

from verl.experimental.agent_loop.agent_loop import AgentLoopBase, AgentLoopMetrics, AgentLoopOutput, register

from coderl.integrations.runtime import close_environments, environment
from coderl.rollout.engine import Generation, SamplingParams
from coderl.rollout.loop import Batcher, RolloutConfig, run_episode
from coderl.rollout.protocol import ChatFormat
from coderl.rollout.trajectory import Trajectory

__all__ = ["AGENT_NAME", "CoderlAgentLoop", "ServerEngine", "close_environments", "trajectory_output"]

AGENT_NAME = "coderl_agent"


class ServerEngine:
    """coderl's engine interface (:class:`coderl.rollout.engine.Engine`, what the episode loop calls) over
    verl's server manager: each prompt is one ``server_manager.generate`` request.

    verl's sampling parameters (temperature, top-p, top-k, logprobs, validation's greedy settings) pass
    through unchanged; coderl adds the turn's token budget (``max_tokens``) and, for formats that stop at a
    closing tag, its stop strings (kept in the output, as coderl's engines do; vLLM's parameter names, so use the
    ``hermes`` or ``openai`` format, which stop at the end-of-turn token and send no stop strings, with SGLang).
    """

    def __init__(self, server_manager: Any, tokenizer: Any, sampling_params: dict[str, Any], request_id: str) -> None:
        self.server_manager = server_manager
        self.tokenizer = tokenizer
        self.pad_id = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else tokenizer.eos_token_id
        self.sampling_params = dict(sampling_params)
        self.request_id = request_id  # one per episode: verl routes its turns to the same server (prefix cache)
        self.logprobs_missing = False

    async def generate(self, prompts: Sequence[Sequence[int]], params: SamplingParams) -> list[Generation]:
        """One request per prompt, concurrently; logprobs 0 where the server returned none."""
        return list(await asyncio.gather(*(self._one(list(p), params) for p in prompts)))

    async def _one(self, prompt: list[int], params: SamplingParams) -> Generation:
        sampling = {**self.sampling_params, "max_tokens": params.max_new_tokens}
        if params.stop:
            sampling |= {"stop": list(params.stop), "include_stop_str_in_output": True}
        out = await self.server_manager.generate(
            request_id=self.request_id, prompt_ids=prompt, sampling_params=sampling
        )
        ids = [int(t) for t in out.token_ids][: params.max_new_tokens]
        if out.log_probs is None:
            self.logprobs_missing = True
        logprobs = [float(x) for x in out.log_probs][: len(ids)] if out.log_probs is not None else [0.0] * len(ids)
        text = self.tokenizer.decode(ids, skip_special_tokens=True)
        finish = "length" if len(ids) >= params.max_new_tokens else "stop"
        return Generation(ids, logprobs, text, finish)  # type: ignore[arg-type]

    def update_weights(self, state_dict: Any) -> None:
        """verl syncs its servers' weights itself."""

    def sleep(self) -> None:
        """verl manages its servers' memory itself."""

    def wake_up(self) -> None:
        """verl manages its servers' memory itself."""

    def close(self) -> None:
        """Nothing of its own to free."""


def trajectory_output(traj: Trajectory, response_length: int, *, logprobs: bool = True) -> AgentLoopOutput:
    """A finished coderl trajectory as verl's ``AgentLoopOutput``: the response cut after its last generated
    token (at most ``response_length`` tokens), the reward as ``reward_score``."""
    begin = traj.prompt_len
    stop = min(len(traj.token_ids), begin + response_length)
    while stop > begin and not traj.policy_mask[stop - 1]:
        stop -= 1
    # verl counts chat turns: the user's, the assistant's and one tool message per step that was not submit
    tool_messages = sum(1 for s in traj.steps if s.get("outcome") != "submit")
    return AgentLoopOutput(
        prompt_ids=list(traj.token_ids[:begin]),
        response_ids=list(traj.token_ids[begin:stop]),
        response_mask=[int(m) for m in traj.policy_mask[begin:stop]],
        response_logprobs=list(traj.logprobs[begin:stop]) if logprobs else None,
        reward_score=float(traj.reward),
        num_turns=1 + len(traj.turns) + tool_messages,
        metrics=AgentLoopMetrics(
            generate_sequences=traj.timings.get("generate_s", 0.0),
            tool_calls=traj.timings.get("exec_s", 0.0) + traj.timings.get("guard_s", 0.0),
            compute_score=traj.timings.get("grade_s", 0.0),
        ),
        extra_fields={
            "coderl": {
                "task_id": traj.task_id,
                "episode_id": traj.episode_id,
                "finish": traj.finish,
                "reward": traj.reward,
                "grade_reward": traj.grade.get("reward"),
                "marked": bool(traj.marks.get("marked")),
                "rules": sorted({r for s in traj.steps for r in s.get("rules", [])}),
                "outcomes": [s.get("outcome") for s in traj.steps],
            }
        },
    )


@register(AGENT_NAME)
class CoderlAgentLoop(AgentLoopBase):
    """One coderl episode per sample: ``extra_info.task_id`` names the task; see the module's docstring."""

    def __init__(
        self,
        *args: Any,
        tasks: str = "basic",
        tool_format: str = "hermes",
        system_prompt: str | None = None,
        max_turns: int = 8,
        max_new_tokens: int | None = None,
        max_observation_tokens: int = 512,
        wall_clock_s: float = 300.0,
        sandboxes: int = 4,
        **kwargs: Any,
    ) -> None:
        kwargs.pop("name", None)  # the registry entry's own name, passed along by hydra
        super().__init__(*args, **kwargs)
        self.tasks = str(tasks)
        self.tool_format = str(tool_format)
        self.system_prompt = system_prompt
        self.max_turns = int(max_turns)
        self.max_new_tokens = None if max_new_tokens is None else int(max_new_tokens)
        self.max_observation_tokens = int(max_observation_tokens)
        self.wall_clock_s = float(wall_clock_s)
        self.sandboxes = int(sandboxes)

    async def run(self, sampling_params: dict[str, Any], **kwargs: Any) -> AgentLoopOutput:
        """Play the sample's task to the end and return the trajectory in verl's form."""
        extra = kwargs.get("extra_info") or {}
        task_id = extra.get("task_id") if isinstance(extra, dict) else None
        if not task_id:
            raise ValueError(f"{AGENT_NAME}: the sample has no extra_info.task_id (see `coderl tasks export`)")
        env = await environment(self.tasks, self.sandboxes)
        task = env.task(task_id, f"{AGENT_NAME}: extra_info.task_id (suite {self.tasks!r})")
        fmt = ChatFormat(self.tokenizer, self.system_prompt, self.tool_format)
        prompt_len = len(fmt.prompt_ids(task.prompt))
        prompt_limit = int(self.rollout_config.prompt_length)
        response_length = int(self.rollout_config.response_length)
        if prompt_len > prompt_limit:
            raise ValueError(
                f"{AGENT_NAME}: task {task.id!r}: its prompt is {prompt_len} tokens, over "
                f"actor_rollout_ref.rollout.prompt_length={prompt_limit}"
            )
        config = RolloutConfig(
            max_turns=self.max_turns,
            max_new_tokens=min(self.max_new_tokens or response_length, response_length),
            max_total_tokens=prompt_len + response_length,
            max_observation_tokens=self.max_observation_tokens,
            wall_clock_s=self.wall_clock_s,
            temperature=float(sampling_params.get("temperature", 1.0)),
            top_p=float(sampling_params.get("top_p", 1.0)) or 1.0,
            system_prompt=self.system_prompt,
            tool_format=self.tool_format,  # type: ignore[arg-type]
            concurrency=1,
            max_batch=1,
        )
        episode_id = f"verl-{uuid.uuid4().hex[:12]}"
        engine = ServerEngine(self.server_manager, self.tokenizer, sampling_params, episode_id)
        start = time.monotonic()
        traj = await run_episode(
            task,
            batcher=Batcher(engine, max_batch=1, wait_s=0.0),  # type: ignore[arg-type]
            pool=env.pool,
            guard=env.guard,
            grader=env.grader,
            fmt=fmt,
            config=config,
            episode_id=episode_id,
        )
        traj.timings.setdefault("episode_s", time.monotonic() - start)
        return trajectory_output(traj, response_length, logprobs=not engine.logprobs_missing)
