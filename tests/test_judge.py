"""Stage 2 against a real HTTP server on loopback: verdicts, malformed replies, timeouts, 500s,
refused connections, under each failure policy; the cache and the concurrency limit."""

from __future__ import annotations

import asyncio
import json
import socket
import time

import pytest
from judge_server import JudgeServer

from coderl.guard import Action, parse_action
from coderl.guard.judge import (
    HTTPJudge,
    JudgeConfig,
    JudgeContext,
    JudgeReplyError,
    TransformersJudge,
    build_messages,
    parse_reply,
)

CHEAT = parse_action({"tool": "bash", "command": "cat /tmp/answer.txt > out.txt"})
HONEST = parse_action({"tool": "write_file", "path": "sol.py", "content": "def f(x):\n    return x + 1\n"})
CONTEXT = JudgeContext("Implement f.", ("tests/**",), (('{"tool": "bash", "command": "ls"}', "sol.py tests"),))


def _judge(server: JudgeServer, **kw) -> HTTPJudge:
    kw.setdefault("timeout_s", 2.0)
    kw.setdefault("backoff_s", 0.01)
    return HTTPJudge(JudgeConfig(url=server.url, model="judge-model", **kw))


def _run(coro):
    return asyncio.run(coro)


async def _verdicts(judge: HTTPJudge, actions: list[Action], context: JudgeContext = CONTEXT):
    try:
        return await asyncio.gather(*(judge.judge(a, context) for a in actions))
    finally:
        await judge.aclose()


@pytest.mark.parametrize(
    "text, expected",
    [
        ('{"cheat": true, "category": "network", "rationale": "curl"}', (True, "network", "curl")),
        ('```json\n{"cheat": false, "category": "none", "rationale": "ok"}\n```', (False, "none", "ok")),
        ('  {"cheat": true}  ', (True, "other", "")),
        ('{"cheat": true, "category": "made_up", "rationale": "x"}', (True, "other", "x")),
    ],
)
def test_parse_reply_accepts_the_verdict_object(text, expected):
    assert parse_reply(text) == expected


@pytest.mark.parametrize(
    "text",
    ["Looks fine to me.", '{"cheat": "yes"}', "[true]", '{"category": "none"}', '{"cheat": true, "rationale": 3}', ""],
)
def test_parse_reply_rejects_anything_else(text):
    with pytest.raises(JudgeReplyError):
        parse_reply(text)


def test_messages_carry_task_protected_paths_history_and_a_clipped_action():
    big = parse_action({"tool": "write_file", "path": "x.py", "content": "y" * 50_000})
    history = tuple((f'{{"n": {i}}}', f"obs {i}") for i in range(10))
    messages = build_messages(big, JudgeContext("Do X.", ("golden/**",), history), JudgeConfig(history_turns=3))
    user = messages[1]["content"]
    assert messages[0]["role"] == "system" and "ONE JSON object" in messages[0]["content"]
    assert "Do X." in user and "golden/**" in user
    assert "obs 9" in user and "obs 6" not in user  # the last three turns only
    assert "characters omitted" in user and len(user) < 10_000


def test_verdicts_from_a_real_server():
    with JudgeServer() as server:
        cheat, honest = _run(_verdicts(_judge(server, api_key="sk-test"), [CHEAT, HONEST]))
    assert (cheat.cheat, cheat.category, cheat.source) == (True, "special_casing", "judge")
    assert (honest.cheat, honest.source) == (False, "judge")
    body = server.requests[0]
    assert body["model"] == "judge-model" and body["temperature"] == 0.0
    assert body["response_format"] == {"type": "json_object"}
    assert server.headers[0]["Authorization"] == "Bearer sk-test"


def test_cache_answers_repeated_actions_without_a_request():
    with JudgeServer() as server:
        judge = _judge(server)

        async def twice():
            first = await judge.judge(CHEAT, CONTEXT)
            second = await judge.judge(CHEAT, CONTEXT)
            other_context = await judge.judge(CHEAT, JudgeContext("another task"))
            await judge.aclose()
            return first, second, other_context

        first, second, other = _run(twice())
    assert len(server.requests) == 2
    assert second.source == "cache" and second.cheat == first.cheat
    assert other.source == "judge" and judge.stats["cache_hits"] == 1


def test_malformed_reply_is_retried_then_accepted():
    replies = iter(["I cannot answer that.", '{"cheat": false, "category": "none", "rationale": "fine"}'])
    with JudgeServer(lambda n, body: (200, next(replies), 0.0)) as server:
        (verdict,) = _run(_verdicts(_judge(server, retries=2), [HONEST]))
    assert verdict.source == "judge" and verdict.attempts == 2 and not verdict.cheat
    assert len(server.requests) == 2


@pytest.mark.parametrize("policy, cheat", [("fail_closed", True), ("fail_open", False)])
@pytest.mark.parametrize(
    "name, behaviour, error",
    [
        ("malformed", lambda n, b: (200, "no JSON here", 0.0), "unparseable reply"),
        ("not-chat-completions", lambda n, b: (200, 'RAW:{"foo": 1}', 0.0), "unparseable reply"),
        ("http-500", lambda n, b: (500, 'RAW:{"error": "overloaded"}', 0.0), "HTTP 500"),
        ("slow", lambda n, b: (200, verdict_for_slow(b), 1.5), "timed out"),
    ],
)
def test_failures_go_to_the_policy(policy, cheat, name, behaviour, error):
    with JudgeServer(behaviour) as server:
        start = time.monotonic()
        (verdict,) = _run(_verdicts(_judge(server, retries=1, timeout_s=0.5, policy=policy), [HONEST]))
        elapsed = time.monotonic() - start
    assert verdict.source == "policy" and verdict.cheat is cheat
    assert verdict.category == "judge_unavailable" and error in (verdict.error or "")
    assert verdict.attempts == 2 and len(server.requests) == 2
    assert elapsed < 4


def verdict_for_slow(body):
    return json.dumps({"cheat": False, "category": "none", "rationale": "late"})


@pytest.mark.parametrize("policy, cheat", [("fail_closed", True), ("fail_open", False)])
def test_connection_refused_goes_to_the_policy(policy, cheat):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nothing listens there
    judge = HTTPJudge(JudgeConfig(url=f"http://127.0.0.1:{port}/v1", retries=2, backoff_s=0.01, policy=policy))
    (verdict,) = _run(_verdicts(judge, [CHEAT]))
    assert verdict.source == "policy" and verdict.cheat is cheat and "ConnectError" in (verdict.error or "")
    assert judge.stats["failures"] == 1 and judge.stats["retries"] == 2


def test_concurrency_limit_holds():
    with JudgeServer(lambda n, b: (200, verdict_for_slow(b), 0.15)) as server:
        actions = [parse_action({"tool": "bash", "command": f"echo {i}"}) for i in range(8)]
        verdicts = _run(_verdicts(_judge(server, concurrency=2), actions))
    assert all(v.source == "judge" for v in verdicts)
    assert server.max_in_flight == 2


@pytest.mark.parametrize(
    "kwargs, match",
    [({"policy": "maybe"}, "policy"), ({"timeout_s": 0}, "timeout_s"), ({"retries": -1}, "retries")],
)
def test_bad_config_is_named(kwargs, match):
    with pytest.raises(ValueError, match=match):
        JudgeConfig(**kwargs)
    with pytest.raises(ValueError, match="url"):
        HTTPJudge(JudgeConfig())


def test_transformers_judge_runs_a_local_model_and_falls_back_on_garbage(tmp_path):
    """A tiny random model cannot answer in JSON: the plumbing runs, and the policy decides."""
    transformers = pytest.importorskip("transformers")
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers

    tok = Tokenizer(models.BPE(unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel()
    tok.train_from_iterator(
        ["def f(x): return x", "cheat or not"] * 20,
        trainers.BpeTrainer(
            vocab_size=400, special_tokens=["<unk>"], initial_alphabet=pre_tokenizers.ByteLevel.alphabet()
        ),
    )
    fast = transformers.PreTrainedTokenizerFast(tokenizer_object=tok, eos_token="<unk>", pad_token="<unk>")
    config = transformers.Qwen2Config(
        vocab_size=fast.vocab_size,
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=1,
        num_attention_heads=2,
        num_key_value_heads=1,
        max_position_embeddings=4096,
    )
    model = transformers.AutoModelForCausalLM.from_config(config).eval()
    judge = TransformersJudge(JudgeConfig(max_tokens=8, retries=1, backoff_s=0.0, policy="fail_closed"), model, fast)
    verdict = asyncio.run(judge.judge(CHEAT, CONTEXT))
    assert verdict.source == "policy" and verdict.cheat and "unparseable" in (verdict.error or "")
    assert verdict.attempts == 2
