"""A real checkpoint's chat and tool format: ``[rollout] tool_format`` = coderl | hermes | openai.

A checkpoint laid out like Qwen2.5 instruct (``build_qwen_policy``: Qwen's special and added tokens, a Qwen2.5-style
template that takes ``tools=``, tied embeddings, a padded vocabulary, Qwen's sampling defaults; tiny sizes) is
built once and loaded by path, as a downloaded one would be. Checked here: each format's parser on well-formed and
malformed calls, the template checks that refuse a format the template cannot carry, token bookkeeping against the
template's own rendering of the whole conversation (in real sandboxes), the engine's logprobs under the
checkpoint's sampling defaults, and one PPO iteration of ``coderl train`` on the checkpoint.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
import torch
from sandboxes import CODERL, TASKS

from coderl.action import TOOL_FIELDS, parse_action
from coderl.exitcodes import BAD_INPUT
from coderl.grade import Grader
from coderl.guard.guarded import Guard
from coderl.rollout import Batcher, Generation, RolloutConfig, SamplingParams, run_episode
from coderl.rollout.protocol import (
    TOOL_PROMPT,
    TOOL_SCHEMAS,
    ChatFormat,
    TemplateMismatch,
    get_tool_format,
)
from coderl.task import load_task

TASK = load_task(TASKS / "fizzbuzz")
SOLUTION = (TASKS / "fizzbuzz" / "solution" / "fizzbuzz.py").read_text()


@pytest.fixture(scope="module")
def qwen(tmp_path_factory) -> Path:
    from coderl.rollout.tiny_model import build_qwen_policy

    return build_qwen_policy(tmp_path_factory.mktemp("qwen"), seed=0)


@pytest.fixture(scope="module")
def tokenizer(qwen) -> Any:
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(qwen)


# --- parsing ----------------------------------------------------------------------------------------------------

HERMES = [
    ('<tool_call>\n{"name": "bash", "arguments": {"command": "ls"}}\n</tool_call>', "ok", "bash"),
    ('Let me see.\n<tool_call>{"name": "submit", "arguments": {}}</tool_call>', "ok", "submit"),
    ('<tool_call>{"name": "submit"}</tool_call>', "ok", "submit"),
    ('<tool_call>{"name": "bash", "arguments": "{\\"command\\": \\"ls\\"}"}</tool_call>', "ok", "bash"),
    (
        '<tool_call>{"name": "read_file", "arguments": {"path": "a"}}</tool_call>\n'
        '<tool_call>{"name": "submit", "arguments": {}}</tool_call>',
        "several_calls",
        "read_file",
    ),
    ('<tool_call>\n{"name": "bash", "arguments": {"command": "ls"}}', "truncated", None),
    ("Sure, I can help with that.", "no_call", None),
    ("<tool_call>{name: bash}</tool_call>", "bad_json", None),
    ("<tool_call>\x00\xff garbage</tool_call>", "bad_json", None),
    ('<tool_call>{"name": "bash", "arguments": "{\\"command\\": "}</tool_call>', "bad_json", None),
    ('<tool_call>{"name": "bash", "arguments": {"command": 5}}</tool_call>', "bad_action", None),
    ('<tool_call>{"name": "rm", "arguments": {"path": "x"}}</tool_call>', "bad_action", None),
    ('<tool_call>{"name": "bash", "arguments": {"command": "ls", "tool": "x"}}</tool_call>', "bad_action", None),
    ('<tool_call>{"arguments": {"command": "ls"}}</tool_call>', "bad_action", None),
    ('<tool_call>["bash", "ls"]</tool_call>', "bad_action", None),
    ('<tool_call>{"name": "bash", "arguments": ["ls"]}</tool_call>', "bad_action", None),
]
OPENAI = [
    (
        '{"tool_calls": [{"id": "c1", "type": "function", "function": {"name": "bash", '
        '"arguments": "{\\"command\\": \\"ls\\"}"}}]}',
        "ok",
        "bash",
    ),
    ('```json\n{"name": "read_file", "arguments": {"path": "a.py"}}\n```', "ok", "read_file"),
    ('I will run it: {"name": "bash", "parameters": {"command": "ls"}}', "ok", "bash"),
    ('{"type": "function", "function": {"name": "submit", "arguments": ""}}', "ok", "submit"),
    (
        '[{"name": "submit", "arguments": {}}, {"name": "bash", "arguments": {"command": "ls"}}]',
        "several_calls",
        "submit",
    ),
    ("No JSON here at all.", "no_call", None),
    ('{"tool_calls": []}', "no_call", None),
    ('{"tool_calls": [{"function": {"name": "bash", "arguments": {"command": "ls"', "truncated", None),
    ('{"tool_calls": [{"function": {"name": "bash", "arguments": "{\\"command\\": "}}]}', "bad_json", None),
    ("{tool_calls: nope} and more text after it", "bad_json", None),
    ('{"tool_calls": [{"function": {"name": "rm", "arguments": {}}}]}', "bad_action", None),
    ('{"function": {"arguments": {}}}', "bad_action", None),
    ('{"name": "write_file", "arguments": {"path": "x.py"}}', "bad_action", None),
]


@pytest.mark.parametrize(
    "name, text, kind, tool",
    [("hermes", *case) for case in HERMES] + [("openai", *case) for case in OPENAI],
)
def test_each_format_parses_calls_and_turns_malformed_ones_into_an_observation(name, text, kind, tool):
    parsed = get_tool_format(name).parse(text)
    assert (parsed.kind, parsed.action.tool if parsed.action else None) == (kind, tool), parsed
    assert (parsed.error is None) == (kind == "ok")
    if parsed.error:
        assert parsed.error.startswith(("Error:", "Note:")) and len(parsed.error) < 300


@pytest.mark.parametrize("name", ["coderl", "hermes", "openai"])
def test_what_a_format_renders_it_parses_back(name):
    fmt = get_tool_format(name)
    for tool, fields in TOOL_FIELDS.items():
        action = parse_action({"tool": tool, **{f: f'{f} "quoted"\n\tline' for f in fields}})
        parsed = fmt.parse(fmt.render_call(action))
        assert parsed.kind == "ok" and parsed.action == action, (tool, parsed)
    with pytest.raises(ValueError, match="unknown tool format 'xml'"):
        get_tool_format("xml")


# --- templates --------------------------------------------------------------------------------------------------

# A template for models that call tools as OpenAI-style JSON: it lists the tools and has a tool role, and never
# mentions <tool_call>.
OPENAI_TEMPLATE = (
    "{%- for m in messages -%}"
    "{{- '<|im_start|>' + m.role + '\\n' + m.content -}}"
    "{%- if loop.first and tools -%}"
    "{{- '\\nTools:\\n' + (tools | tojson) + '\\nReply with {\"tool_calls\": [...]} to call one.' -}}"
    "{%- endif -%}"
    "{{- '<|im_end|>\\n' -}}"
    "{%- endfor -%}"
    "{%- if add_generation_prompt -%}{{- '<|im_start|>assistant\\n' -}}{%- endif -%}"
)


def _with_template(tokenizer: Any, template: str) -> Any:
    import copy

    other = copy.deepcopy(tokenizer)
    other.chat_template = template
    return other


def test_the_template_must_carry_the_format_or_it_is_refused_with_the_reason(tokenizer):
    from coderl.rollout.tiny_model import CHAT_TEMPLATE

    hermes = ChatFormat(tokenizer, tool_format="hermes")
    assert hermes.system_prompt == TOOL_PROMPT and hermes.stop == ("</tool_call>",)
    prompt = tokenizer.decode(hermes.prompt_ids("Fix it."))
    assert all(schema["function"]["name"] in prompt for schema in TOOL_SCHEMAS) and "<tool_call>" in prompt
    assert ChatFormat(tokenizer).stop == ("</tool>",)  # coderl: the tools are described in the system prompt
    with pytest.raises(TemplateMismatch, match=r"asks for <tool_call> blocks.*use tool_format 'hermes'"):
        ChatFormat(tokenizer, tool_format="openai")
    plain = _with_template(tokenizer, CHAT_TEMPLATE)  # ChatML without tools: the tiny policy's
    for name in ("hermes", "openai"):
        with pytest.raises(TemplateMismatch, match=r"does not list them.*use tool_format 'coderl'"):
            ChatFormat(plain, tool_format=name)
    openai_style = _with_template(tokenizer, OPENAI_TEMPLATE)
    fmt = ChatFormat(openai_style, tool_format="openai")
    assert fmt.stop == () and tokenizer.decode(fmt.observation_ids("out")).startswith("<|im_start|>tool\nout")
    # an openai-format turn ended by EOS, then the observation: the ids read as the template renders them
    reply = fmt.format.render_call(parse_action({"tool": "bash", "command": "ls"}))
    generated = tokenizer.encode(reply + "<|im_end|>", add_special_tokens=False)
    ids = fmt.prompt_ids("Fix it.") + generated + fmt.end_of_turn_ids(generated) + fmt.observation_ids("a.py")
    messages = [
        {"role": "system", "content": TOOL_PROMPT},
        {"role": "user", "content": "Fix it."},
        {"role": "assistant", "content": reply},
        {"role": "tool", "content": "a.py"},
    ]
    rendered = openai_style.apply_chat_template(messages, tools=list(TOOL_SCHEMAS), add_generation_prompt=True)
    assert ids == list(rendered["input_ids"] if hasattr(rendered, "keys") else rendered)
    assert fmt.parse(tokenizer.decode(generated, skip_special_tokens=True)).action == parse_action(
        {"tool": "bash", "command": "ls"}
    )
    with pytest.raises(TemplateMismatch, match="needs a template that asks for <tool_call>"):
        ChatFormat(openai_style, tool_format="hermes")
    no_tool_role = OPENAI_TEMPLATE.replace(
        "'<|im_start|>' + m.role", "'<|im_start|>' + (m.role if m.role != 'tool' else 'gone')"
    )
    no_tool_role = no_tool_role.replace("+ m.content -}}", "+ (m.content if m.role != 'tool' else '') -}}")
    with pytest.raises(TemplateMismatch, match="observations as 'tool' messages, and the chat template drops them"):
        ChatFormat(_with_template(tokenizer, no_tool_role), tool_format="openai")
    raising = "{{ raise_exception('roles must alternate') }}"
    with pytest.raises(TemplateMismatch, match=r"cannot render.*roles must alternate"):
        ChatFormat(_with_template(tokenizer, raising), tool_format="hermes")


def test_the_engine_samples_from_exactly_the_requested_distribution_despite_the_checkpoints_defaults(qwen):
    """Qwen2.5 instruct ships top_k=20 and repetition_penalty=1.05 in generation_config.json; the engine's
    logprobs must still be those the learner recomputes at the sampling temperature."""
    from coderl.rollout.hf_engine import HFEngine

    engine = HFEngine.from_pretrained(qwen)
    fmt = ChatFormat(engine.tokenizer, tool_format="hermes")
    prompt = fmt.prompt_ids("Write fizzbuzz.")
    for temperature in (1.0, 0.7):
        (gen,) = asyncio.run(engine.generate([prompt], SamplingParams(32, temperature, seed=4)))
        ids = torch.tensor([prompt + gen.token_ids])
        with torch.no_grad():
            logits = engine.model(ids).logits[0, len(prompt) - 1 : -1].float() / temperature
        expected = torch.log_softmax(logits, -1).gather(-1, torch.tensor(gen.token_ids)[:, None])[:, 0]
        assert len(gen.token_ids) > 1
        assert torch.allclose(torch.tensor(gen.logprobs), expected, atol=1e-4), temperature


# --- a whole episode in real sandboxes --------------------------------------------------------------------------


class ScriptedQwen:
    """A policy that replies with scripted texts through the real tokenizer, stopping at the request's stop
    strings as an engine does; a reply may end with the EOS token itself (``<|im_end|>``)."""

    def __init__(self, tokenizer: Any, replies: list[str]) -> None:
        self.tokenizer = tokenizer
        self.replies = replies
        self.pad_id = tokenizer.pad_token_id

    async def generate(self, prompts: Any, params: SamplingParams) -> list[Generation]:
        out = []
        for prompt in prompts:
            text = self.replies[self.tokenizer.decode(prompt).count("<tool_response>")]
            for stop in params.stop:
                if stop in text:
                    text = text[: text.index(stop) + len(stop)]
            ids = self.tokenizer.encode(text, add_special_tokens=False)
            out.append(Generation(ids, [-0.5] * len(ids), self.tokenizer.decode(ids, skip_special_tokens=True), "stop"))
        return out

    def update_weights(self, state_dict: Any) -> None:
        pass

    def close(self) -> None:
        pass


class RecordingFormat(ChatFormat):
    """The loop's chat format, keeping the text of every observation it renders."""

    observations: list[str]

    def observation_ids(self, text: str) -> list[int]:
        self.observations.append(text)
        return super().observation_ids(text)


def _call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "arguments": arguments}}


@pytest.mark.podman
def test_a_hermes_episode_in_real_sandboxes_is_token_for_token_the_templates_conversation(live_pool, tokenizer):
    """Calls, a reply without a call that ends at EOS, a malformed call, the fix and submit: graded 1, every
    generated token (and only those) in the policy mask, and the ids are exactly what the checkpoint's template
    renders for the same conversation with the same tools."""
    write = {"path": "fizzbuzz.py", "content": SOLUTION}
    turns: list[tuple[str, dict[str, Any] | None]] = [
        ("Let me look.", _call("read_file", {"path": "fizzbuzz.py"})),
        ("I am not sure what to do.", None),
        ("", _call("bash", {"command": 5})),
        ("", _call("write_file", write)),
        ("", _call("submit", {})),
    ]
    replies = []
    for content, call in turns:
        if call is None:
            replies.append(content + "<|im_end|>")
            continue
        body = json.dumps({"name": call["function"]["name"], "arguments": call["function"]["arguments"]})
        replies.append((content + "\n" if content else "") + f"<tool_call>\n{body}\n</tool_call>")
    policy = ScriptedQwen(tokenizer, replies)
    fmt = RecordingFormat(tokenizer, tool_format="hermes")
    fmt.observations = []
    config = RolloutConfig(max_turns=8, max_new_tokens=1024, max_total_tokens=8192, tool_format="hermes")
    traj = live_pool.run(
        run_episode(
            TASK,
            batcher=Batcher(policy),  # type: ignore[arg-type]
            pool=live_pool.pool,
            guard=Guard(),
            grader=Grader(live_pool.pool),
            fmt=fmt,
            config=config,
            episode_id="hermes-0",
        )
    )
    assert traj.finish == "submit" and traj.reward == 1.0 and traj.grade["passed"] == 8, traj.grade
    assert [s["outcome"] for s in traj.steps] == ["executed", "parse_error", "parse_error", "executed", "submit"]
    assert [s.get("kind") for s in traj.steps if s["outcome"] == "parse_error"] == ["no_call", "bad_action"]
    assert "def fizzbuzz" in fmt.observations[0] and fmt.observations[1].startswith("Error: no tool call found")
    assert "needs a string 'command' field" in fmt.observations[2]
    # the policy mask is exactly the generated tokens, with their logprobs; everything else is masked
    generated = {i for start, end in traj.turns for i in range(start, end)}
    assert [i for i, m in enumerate(traj.policy_mask) if m] == sorted(generated)
    assert all((traj.logprobs[i] == -0.5) == (i in generated) for i in range(len(traj.token_ids)))
    assert [tokenizer.decode(traj.token_ids[s:e]) for s, e in traj.turns] == replies
    # the template renders the same conversation as exactly the same ids
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": TOOL_PROMPT},
        {"role": "user", "content": TASK.prompt},
    ]
    for (content, call), observation in zip(turns, [*fmt.observations, None], strict=True):
        messages.append({"role": "assistant", "content": content, **({"tool_calls": [call]} if call else {})})
        if observation is not None:
            messages.append({"role": "tool", "content": observation})
    rendered = tokenizer.apply_chat_template(messages, tools=list(TOOL_SCHEMAS), tokenize=True)
    rendered = rendered["input_ids"] if hasattr(rendered, "keys") else rendered
    assert traj.token_ids == list(rendered)


# --- coderl train on the checkpoint -----------------------------------------------------------------------------

RUN = """
[run]
out_dir = "{out}"
iterations = 1
episodes_per_iteration = 2
group_size = 2
sandboxes = 1
value_pretrain_iterations = 0
threads = 1

[model]
policy = "{policy}"

[tasks]
generate_family = "affine"
generate_n = 2

[sft]
steps = 3
batch_size = 2

[rollout]
tool_format = "{tool_format}"
max_turns = 2
max_new_tokens = 24
max_total_tokens = 1024
concurrency = 2

[ppo]
epochs = 1
minibatch_size = 2
"""


def test_train_and_rollout_refuse_a_tool_format_the_checkpoint_cannot_carry(tmp_path, qwen):
    for policy, tool_format, message in (
        (qwen, "openai", "[rollout] tool_format: openai: the chat template asks for <tool_call> blocks"),
        ("tiny", "hermes", "[rollout] tool_format: 'hermes' passes tools to the policy's chat template"),
    ):
        path = tmp_path / f"{tool_format}.toml"
        path.write_text(RUN.format(out=tmp_path / tool_format, policy=policy, tool_format=tool_format))
        done = subprocess.run([CODERL, "train", "--config", str(path)], capture_output=True, text=True, timeout=120)
        assert done.returncode == BAD_INPUT and message in done.stderr, done.stderr
        assert "Traceback" not in done.stderr and not (tmp_path / tool_format / "metrics.jsonl").exists()
    out = tmp_path / "t.jsonl"
    args = ["rollout", "--tasks", str(TASKS), "--model", str(qwen), "--out", str(out), "--tool-format", "openai"]
    done = subprocess.run([CODERL, *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == BAD_INPUT and not out.exists(), done.stderr
    assert "--tool-format: openai: the chat template asks for <tool_call> blocks" in done.stderr


@pytest.mark.podman
@pytest.mark.slow
def test_one_ppo_iteration_of_coderl_train_on_the_qwen_shaped_checkpoint(tmp_path, qwen):
    path = tmp_path / "run.toml"
    out = tmp_path / "run"
    path.write_text(RUN.format(out=out, policy=qwen, tool_format="hermes"))
    done = subprocess.run([CODERL, "train", "--config", str(path)], capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    (record,) = [json.loads(line) for line in (out / "metrics.jsonl").read_text().splitlines()]
    assert record["episodes"] == 2 and record["response_tokens"] > 0 and "policy_loss" in record
    assert record["rollout_tokens_per_s"] > 0 and record["learner_tokens_per_s"] > 0
    print(
        f"\none PPO iteration on the Qwen-shaped checkpoint: {record['iteration_s']:.1f} s "
        f"(rollout {record['rollout_s']:.1f} s at {record['rollout_tokens_per_s']:.0f} tokens/s, update "
        f"{record['update_s']:.1f} s at {record['learner_tokens_per_s']:.0f} tokens/s)"
    )
    assert json.loads((out / "config.json").read_text())["rollout"]["tool_format"] == "hermes"
    from transformers import AutoTokenizer

    from coderl.rollout.trajectory import read_trajectories

    tok = AutoTokenizer.from_pretrained(qwen)
    trajs = list(read_trajectories(out / "trajectories" / "iter-00000.jsonl"))
    assert len(trajs) == 2
    for traj in trajs:
        prompt = tok.decode(traj.token_ids[: traj.prompt_len])
        assert "<tools>" in prompt and '"name": "write_file"' in prompt and prompt.endswith("<|im_start|>assistant\n")
        generated = [i for s, e in traj.turns for i in range(s, e)]
        assert [i for i, m in enumerate(traj.policy_mask) if m] == generated
        for (_, end), (begin, _) in zip(traj.turns, traj.turns[1:], strict=False):
            gap = tok.decode(traj.token_ids[end:begin])  # the turn's end and the observation, as a tool turn
            assert "<|im_start|>user\n<tool_response>\n" in gap and gap.endswith("<|im_start|>assistant\n"), gap
    assert (out / "ckpt-00000" / "policy" / "tokenizer_config.json").is_file()


def test_the_gpu_example_config_is_valid_for_a_qwen_checkpoint(tmp_path, qwen, tokenizer):
    """configs/qwen2.5-gpu.toml, pointed at a Qwen-shaped checkpoint: valid, and its template carries hermes."""
    from coderl.train.config import load_config

    root = Path(__file__).resolve().parents[1]
    text = (root / "configs" / "qwen2.5-gpu.toml").read_text()
    text = text.replace('"models/Qwen2.5-0.5B-Instruct"', f'"{qwen}"').replace(
        '"coderl/suites', f'"{root}/coderl/suites'
    )
    path = tmp_path / "qwen.toml"
    path.write_text(text)
    config = load_config(path, out_dir=str(tmp_path / "out"))
    chosen = (config.rollout.tool_format, config.engine, config.run.device, config.ppo.dtype)
    assert chosen == ("hermes", "vllm", "cuda", "bfloat16")
    assert config.gpu_memory_utilization == 0.3 and config.engine_sleep and config.ppo.gradient_checkpointing
    assert ChatFormat(tokenizer, config.rollout.system_prompt, config.rollout.tool_format).stop == ("</tool_call>",)


def test_init_model_writes_a_qwen_shaped_checkpoint_that_carries_hermes(tmp_path):
    out = tmp_path / "qwen"
    done = subprocess.run(
        [CODERL, "init-model", str(out), "--like", "qwen2.5"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0 and "tool_format" in done.stdout, done.stderr
    from transformers import AutoConfig, AutoTokenizer

    assert AutoConfig.from_pretrained(out).tie_word_embeddings
    fmt = ChatFormat(AutoTokenizer.from_pretrained(out), tool_format="hermes")
    assert "<tools>" in fmt.tokenizer.decode(fmt.prompt_ids("x"))
