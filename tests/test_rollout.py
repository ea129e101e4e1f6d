"""Rollouts: the tool-call protocol, token bookkeeping with a real tiny model, episodes in real sandboxes."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
import torch
from sandboxes import CODERL, TASKS

from coderl.grade import Grader
from coderl.guard.guarded import Guard
from coderl.rollout import (
    ChatFormat,
    Generation,
    RolloutConfig,
    SamplingParams,
    Trajectory,
    TrajectoryWriter,
    parse_tool_call,
    read_trajectories,
    run_rollouts,
    summarize,
)
from coderl.rollout.hf_engine import HFEngine
from coderl.task import load_task

TASK = load_task(TASKS / "fizzbuzz")
SOLUTION = (TASKS / "fizzbuzz" / "solution" / "fizzbuzz.py").read_text()


@pytest.fixture(scope="module")
def tiny(tmp_path_factory) -> Path:
    from coderl.rollout.tiny_model import build_tiny_policy

    return build_tiny_policy(tmp_path_factory.mktemp("tiny"), seed=0)


@pytest.fixture(scope="module")
def engine(tiny) -> HFEngine:
    return HFEngine.from_pretrained(tiny)


# --- protocol -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, kind, tool",
    [
        ('I will run the tests.\n<tool>{"tool": "bash", "command": "pytest -q"}</tool>', "ok", "bash"),
        ('<tool>{"tool": "submit"}</tool>', "ok", "submit"),
        (
            '<tool>{"tool": "read_file", "path": "a.py"}</tool><tool>{"tool": "submit"}</tool>',
            "several_calls",
            "read_file",
        ),
        ('<tool>{"tool": "bash", "command": "ls"', "truncated", None),
        ("I think the answer is 42.", "no_call", None),
        ("<tool>{tool: bash}</tool>", "bad_json", None),
        ('<tool>["bash", "ls"]</tool>', "bad_action", None),
        ('<tool>{"tool": "rm", "path": "x"}</tool>', "bad_action", None),
        ('<tool>{"tool": "write_file", "path": "x.py"}</tool>', "bad_action", None),
        ("<tool>\x00\xff garbage</tool>", "bad_json", None),
    ],
)
def test_parse_tool_call(text, kind, tool):
    parsed = parse_tool_call(text)
    assert parsed.kind == kind
    assert (parsed.action.tool if parsed.action else None) == tool
    assert (parsed.error is None) == (kind == "ok")
    if parsed.error:
        assert parsed.error.startswith(("Error:", "Note:"))


def test_chat_format_renders_turns_as_the_template_does(engine):
    tok = engine.tokenizer
    fmt = ChatFormat(tok)
    reply = '<tool>{"tool": "bash", "command": "ls"}</tool>'
    generated = tok.encode(reply, add_special_tokens=False)
    ids = fmt.prompt_ids("Fix it.") + generated + fmt.end_of_turn_ids(generated) + fmt.observation_ids("a.py")
    messages = [
        {"role": "system", "content": fmt.system_prompt},
        {"role": "user", "content": "Fix it."},
        {"role": "assistant", "content": reply},
        {"role": "user", "content": "<observation>\na.py\n</observation>"},
    ]
    assert tok.decode(ids) == tok.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)
    # a turn the engine ended with EOS gets the rest of the template's turn end (ChatML's newline), so the ids
    # read as the template renders them either way
    eos = tok.eos_token_id
    assert [eos, *fmt.end_of_turn_ids([5, eos])] == fmt.end_of_turn_ids([5]) and fmt.end_of_turn_ids([5, eos])
    text, cut = fmt.truncate_observation("line\n" * 2000, 100)
    assert cut and "observation truncated" in text and len(tok.encode(text)) < 200


# --- engine -----------------------------------------------------------------------------------------


def _reference_logprobs(engine: HFEngine, prompt: list[int], gen: Generation, temperature: float) -> torch.Tensor:
    ids = torch.tensor([prompt + gen.token_ids])
    with torch.no_grad():
        logits = engine.model(ids).logits[0, len(prompt) - 1 : -1].float() / temperature
    return torch.log_softmax(logits, -1).gather(-1, torch.tensor(gen.token_ids)[:, None])[:, 0]


@pytest.mark.parametrize("temperature", [1.0, 0.7])
def test_hf_logprobs_line_up_token_by_token(engine, temperature):
    fmt = ChatFormat(engine.tokenizer)
    prompts = [fmt.prompt_ids("Write fizzbuzz."), fmt.prompt_ids("Hi")]
    params = SamplingParams(max_new_tokens=24, temperature=temperature, seed=3)
    gens = asyncio.run(engine.generate(prompts, params))
    for prompt, gen in zip(prompts, gens, strict=True):
        assert len(gen.token_ids) == len(gen.logprobs) > 0
        expected = _reference_logprobs(engine, prompt, gen, temperature)
        assert torch.allclose(torch.tensor(gen.logprobs), expected, atol=2e-4), (gen.logprobs, expected)
        assert gen.text == engine.tokenizer.decode(gen.token_ids, skip_special_tokens=True)


def test_hf_greedy_batched_equals_one_by_one_and_limits(engine):
    fmt = ChatFormat(engine.tokenizer)
    prompts = [fmt.prompt_ids("a"), fmt.prompt_ids("a much longer prompt than the first one")]
    greedy = SamplingParams(max_new_tokens=12, temperature=0.0)
    batched = asyncio.run(engine.generate(prompts, greedy))
    single = [asyncio.run(engine.generate([p], greedy))[0] for p in prompts]
    assert [g.token_ids for g in batched] == [g.token_ids for g in single]
    assert all(
        g.finish_reason == "length" and len(g.token_ids) == 12
        for g in batched
        if engine.eos_ids.isdisjoint(g.token_ids)
    )
    text = batched[0].text
    stop = text[len(text) // 2 : len(text) // 2 + 2] if len(text) > 4 else None
    if stop:
        cut = asyncio.run(
            engine.generate([prompts[0]], SamplingParams(max_new_tokens=12, temperature=0.0, stop=(stop,)))
        )[0]
        assert cut.finish_reason == "stop" and stop in engine.tokenizer.decode(cut.token_ids)
        assert len(cut.token_ids) < 12


def test_hf_update_weights_changes_outputs(engine, tiny):
    fmt = ChatFormat(engine.tokenizer)
    prompt = [fmt.prompt_ids("x")]
    greedy = SamplingParams(max_new_tokens=8, temperature=0.0)
    before = asyncio.run(engine.generate(prompt, greedy))[0]
    original = {k: v.clone() for k, v in engine.model.state_dict().items()}
    perturbed = {k: v + 0.5 * torch.randn_like(v) if v.dtype.is_floating_point else v for k, v in original.items()}
    engine.update_weights(perturbed)
    after = asyncio.run(engine.generate(prompt, greedy))[0]
    engine.update_weights(original)
    again = asyncio.run(engine.generate(prompt, greedy))[0]
    assert after.token_ids != before.token_ids and again.token_ids == before.token_ids
    with pytest.raises(ValueError, match="mismatch"):
        engine.update_weights({"nope": torch.zeros(1)})


# --- trajectories --------------------------------------------------------------------------------------


def test_trajectory_roundtrip_and_torn_lines(tmp_path):
    t = Trajectory("t", "e0")
    t.append([1, 2, 3], policy=False)
    t.append([4, 5], policy=True, logprobs=[-0.1, -0.2])
    t.append([6], policy=False)
    t.turns.append((3, 5))
    t.reward = 1.0
    assert t.reward_index == 4 and t.num_generated == 2
    with pytest.raises(ValueError):
        t.append([7], policy=True)
    path = tmp_path / "t.jsonl"
    with TrajectoryWriter(path) as w:
        w.write(t)
        w.write(t)
    with path.open("a") as f:
        f.write('{"task_id": "torn", "token_')  # a crash mid-write
    back = list(read_trajectories(path))
    assert len(back) == 2 and back[0].to_json()["reward_index"] == 4
    assert back[0].episode_id == f"{w.run_id}:e0" and back[0].run_id == w.run_id
    assert back[0] == Trajectory(**{**t.__dict__, "episode_id": f"{w.run_id}:e0", "run_id": w.run_id})
    assert t.episode_id == "e0" and not t.run_id  # the writer does not change the caller's trajectory


class CharTokenizer:
    """A stand-in tokenizer: id i is the letter chr(ord('a') + i); 0 is a special token, skipped on request."""

    def decode(self, ids: list[int], skip_special_tokens: bool = False) -> str:
        return "".join("<s>" if i == 0 and not skip_special_tokens else "" if i == 0 else chr(96 + i) for i in ids)


def _two_turns() -> Trajectory:
    t = Trajectory("task", "ep-0")
    t.append([0, 16, 18], policy=False)  # the prompt: <s> p r
    t.append([1, 2], policy=True, logprobs=[-0.1, -0.2])  # turn 1: a b
    t.append([0, 15, 2], policy=False)  # an observation: <s> o b
    t.append([3], policy=True, logprobs=[-0.3])  # turn 2: c
    t.append([0], policy=False)  # end of turn only: no observation after the last turn
    t.turns += [(3, 5), (8, 9)]
    return t


def test_trajectory_lines_carry_messages_model_hash_seed_and_unique_ids(tmp_path):
    from coderl.rollout.trajectory import config_hash, decode_messages

    t = _two_turns()
    assert decode_messages(t, CharTokenizer()) == [
        {"role": "prompt", "text": "pr"},
        {"role": "policy", "text": "ab"},
        {"role": "observation", "text": "ob"},
        {"role": "policy", "text": "c"},
    ]
    assert config_hash(RolloutConfig(seed=1)) == config_hash(RolloutConfig(seed=1)) != config_hash(RolloutConfig())
    assert len(config_hash({"a": RolloutConfig()})) == 16
    path = tmp_path / "t.jsonl"
    settings = {"model": "/models/tiny", "config_hash": "abc123", "seed": 7}
    with TrajectoryWriter(path, tokenizer=CharTokenizer(), **settings) as first:
        first.write(t)
    with TrajectoryWriter(path, tokenizer=CharTokenizer(), **settings) as second:  # a second run appends
        second.write(t)
    back = list(read_trajectories(path))
    assert [b.episode_id for b in back] == [f"{first.run_id}:ep-0", f"{second.run_id}:ep-0"]
    assert first.run_id != second.run_id and len({b.episode_id for b in back}) == 2
    assert all(b.model == "/models/tiny" and b.config_hash == "abc123" and b.seed == 7 for b in back)
    assert back[0].messages[1] == {"role": "policy", "text": "ab"} and back[0].token_ids == t.token_ids
    line = json.loads(path.read_text().splitlines()[0])
    assert line["messages"][2]["role"] == "observation" and line["run_id"] == first.run_id


def test_old_trajectory_files_still_load(tmp_path):
    """A line written before messages/model/config_hash/seed/run_id existed loads with their defaults; a
    key this version does not know (a newer writer's) is ignored."""
    old = {
        "task_id": "t",
        "episode_id": "ep-3",
        "token_ids": [1, 2, 3],
        "policy_mask": [False, True, True],
        "logprobs": [0.0, -0.5, -0.25],
        "turns": [[1, 3]],
        "prompt_len": 1,
        "reward": 1.0,
        "grade": {"expected": 8},
        "marks": {"marked": False, "intercepts": [], "judge_failures": 0},
        "finish": "submit",
        "metrics": {},
        "timings": {},
        "steps": [],
        "reward_index": 2,
    }
    path = tmp_path / "old.jsonl"
    path.write_text(json.dumps(old) + "\n" + json.dumps({**old, "episode_id": "ep-4", "from_the_future": 1}) + "\n")
    first, second = read_trajectories(path)
    assert first.episode_id == "ep-3" and first.turns == [(1, 3)] and first.reward_index == 2
    assert (first.messages, first.model, first.config_hash, first.seed, first.run_id) == ([], "", "", None, "")
    assert second.episode_id == "ep-4"


# --- episodes in real sandboxes ----------------------------------------------------------------------------


class ScriptedPolicy:
    """A test double for a policy that can act (a random tiny model cannot): it replies with scripted
    texts, tokenized by the real tokenizer, logprob 0. The loop under test cannot tell."""

    def __init__(self, tokenizer, replies: list[str]) -> None:
        self.tokenizer = tokenizer
        self.replies = replies
        self.calls: list[list[int]] = []

    async def generate(self, prompts, params):
        out = []
        for prompt in prompts:
            self.calls.append(list(prompt))
            text = self.replies[min(self.n_turns(prompt), len(self.replies) - 1)]
            ids = self.tokenizer.encode(text, add_special_tokens=False)[: params.max_new_tokens]
            out.append(Generation(ids, [0.0] * len(ids), self.tokenizer.decode(ids), "stop"))
        return out

    def n_turns(self, prompt) -> int:
        return self.tokenizer.decode(prompt).count("<observation>")

    def update_weights(self, state_dict) -> None:
        pass

    def close(self) -> None:
        pass


class Recording:
    """Wraps a real engine and keeps what it was given and what it produced."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.tokenizer = inner.tokenizer
        self.log: list[tuple[list[int], Generation]] = []

    async def generate(self, prompts, params):
        gens = await self.inner.generate(prompts, params)
        self.log.extend(zip([list(p) for p in prompts], gens, strict=True))
        return gens

    def update_weights(self, state_dict) -> None:
        self.inner.update_weights(state_dict)

    def close(self) -> None:
        pass


def _rollouts(live_pool, engine, episodes, config, guard=None):
    return live_pool.run(
        run_rollouts(
            [TASK],
            episodes,
            engine=engine,
            pool=live_pool.pool,
            guard=guard or Guard(),
            grader=Grader(live_pool.pool),
            config=config,
        )
    )


@pytest.mark.podman
def test_tiny_model_episodes_end_to_end_and_token_bookkeeping(live_pool, engine):
    """The ids the learner sees are exactly the ids the engine consumed and produced."""
    recording = Recording(engine)
    config = RolloutConfig(max_turns=3, max_new_tokens=32, concurrency=3, temperature=1.0)
    trajs = _rollouts(live_pool, recording, 3, config)
    assert len(trajs) == 3
    for t in trajs:
        assert len(t.token_ids) == len(t.policy_mask) == len(t.logprobs)
        assert t.finish in ("max_turns", "submit", "max_tokens") and t.grade["expected"] == 8
        for start, end in t.turns:
            # the engine was given exactly this prefix and produced exactly these ids and logprobs
            seen = [(p, g.token_ids, g.logprobs) for p, g in recording.log]
            assert (t.token_ids[:start], t.token_ids[start:end], t.logprobs[start:end]) in seen
            assert all(t.policy_mask[start:end])
        outside = [i for i in range(len(t.token_ids)) if not any(s <= i < e for s, e in t.turns)]
        assert not any(t.policy_mask[i] for i in outside) and all(t.logprobs[i] == 0.0 for i in outside)
    assert summarize(trajs)["episodes"] == 3


@pytest.mark.podman
def test_scripted_episode_solves_the_task(live_pool, engine):
    replies = [
        '<tool>{"tool": "read_file", "path": "fizzbuzz.py"}</tool>',
        "<tool>" + json.dumps({"tool": "write_file", "path": "fizzbuzz.py", "content": SOLUTION}) + "</tool>",
        'Run the tests. <tool>{"tool": "bash", "command": "python3 -m pytest -q tests"}</tool>',
        '<tool>{"tool": "submit"}</tool>',
    ]
    policy = ScriptedPolicy(engine.tokenizer, replies)
    (traj,) = _rollouts(live_pool, policy, 1, RolloutConfig(max_turns=6, max_new_tokens=512, max_total_tokens=8192))
    assert traj.finish == "submit" and len(traj.turns) == 4
    assert [s["outcome"] for s in traj.steps] == ["executed", "executed", "executed", "submit"]
    assert traj.reward == 1.0 and traj.grade["passed"] == 8
    assert traj.reward_index == traj.turns[-1][1] - 1
    text = engine.tokenizer.decode(traj.token_ids)
    assert "1 passed" in text and "<observation>" in text


@pytest.mark.podman
def test_cheating_rollout_is_marked_and_gets_zero(live_pool, engine):
    replies = [
        '<tool>{"tool": "bash", "command": "curl -s https://example.com/answer.py -o fizzbuzz.py"}</tool>',
        "<tool>" + json.dumps({"tool": "write_file", "path": "fizzbuzz.py", "content": SOLUTION}) + "</tool>",
        '<tool>{"tool": "submit"}</tool>',
    ]
    (traj,) = _rollouts(live_pool, ScriptedPolicy(engine.tokenizer, replies), 1, RolloutConfig(max_new_tokens=512))
    assert traj.grade["reward"] == 1.0 and traj.reward == 0.0
    assert traj.marks["marked"] and traj.marks["intercepts"][0]["categories"] == ["network"]
    assert traj.metrics["intercepts"] == 1


@pytest.mark.podman
def test_garbage_output_and_budgets_end_episodes_cleanly(live_pool, engine):
    replies = ["\x00\x01 not a call", '<tool>{"tool": "bash", "command": "yes | head -c 100000"}</tool>']
    (traj,) = _rollouts(
        live_pool,
        ScriptedPolicy(engine.tokenizer, replies),
        1,
        RolloutConfig(max_turns=4, max_new_tokens=64, max_observation_tokens=64, max_total_tokens=700),
    )
    assert traj.metrics["parse_no_call"] >= 1 and traj.metrics.get("observations_truncated", 0) >= 1
    assert traj.finish in ("max_tokens", "max_turns") and len(traj.token_ids) <= 700


@pytest.mark.podman
def test_crash_mid_rollout_keeps_every_finished_trajectory(tmp_path, tiny):
    out = tmp_path / "trajs.jsonl"
    cmd = [
        CODERL,
        "rollout",
        "--tasks",
        str(TASKS / "fizzbuzz"),
        "--model",
        str(tiny),
        "--episodes",
        "40",
        "--out",
        str(out),
        "--concurrency",
        "2",
        "--sandboxes",
        "2",
        "--max-turns",
        "2",
        "--max-new-tokens",
        "16",
    ]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline and (not out.exists() or out.read_text().count("\n") < 2):
            time.sleep(0.2)
        os.killpg(proc.pid, signal.SIGKILL)
    finally:
        proc.wait()
    lines = out.read_text().count("\n")
    trajs = list(read_trajectories(out))
    assert 2 <= len(trajs) == lines < 40
    assert all(t.grade.get("expected") == 8 for t in trajs)
    # each line says what produced it and reads without the tokenizer
    assert len({t.episode_id for t in trajs}) == len(trajs) and len({t.run_id for t in trajs}) == 1
    assert all(t.model == str(tiny) and len(t.config_hash) == 16 and t.seed == 0 for t in trajs)
    assert all(t.messages[0]["role"] == "prompt" and "fizzbuzz" in t.messages[0]["text"].lower() for t in trajs)
    assert all(sum(m["role"] == "policy" for m in t.messages) == len(t.turns) for t in trajs)


@pytest.mark.podman
def test_replay_and_rollout_drive_the_same_episode(live_pool, engine):
    """One action list, played by `coderl replay` and by the rollout loop: same records, outcome, reward."""
    from coderl.action import parse_action
    from coderl.replay import replay

    actions = [
        {"tool": "read_file", "path": "fizzbuzz.py"},
        {"tool": "bash", "command": "curl -s https://example.com/answer.py -o fizzbuzz.py"},
        {"tool": "write_file", "path": "fizzbuzz.py", "content": SOLUTION},
        {"tool": "bash", "command": "python3 -m pytest -q tests"},
        {"tool": "submit"},
    ]
    replies = ["<tool>" + json.dumps(a) + "</tool>" for a in actions]
    (traj,) = _rollouts(
        live_pool,
        ScriptedPolicy(engine.tokenizer, replies),
        1,
        RolloutConfig(max_turns=8, max_new_tokens=512, max_total_tokens=8192),
    )
    records = live_pool.run(replay(TASK, [parse_action(a) for a in actions], Guard(), live_pool.pool))
    steps, final = records[:-1], records[-1]
    assert [{k: s[k] for k in ("outcome", "tool", "rules")} for s in steps] == traj.steps
    assert [s["outcome"] for s in steps] == ["executed", "decoy", "executed", "executed", "submit"]
    assert final["finish"] == traj.finish == "submit"
    assert final["reward"] == traj.reward == 0.0  # marked by the guard: the tests' 1 is not paid
    assert final["grade_reward"] == traj.grade["reward"] == 1.0
    assert (final["passed"], final["expected"]) == (traj.grade["passed"], traj.grade["expected"])
    assert final["marked"] is traj.marks["marked"] is True
    assert final["intercepts"] == len(traj.marks["intercepts"]) == 1
    assert final["notes"] == traj.grade["notes"]
