"""The vLLM rollout engine against transformers on the same tiny local policy.

Run in the vLLM environment: ``.venv-vllm/bin/pytest tests/test_vllm_engine.py -m vllm -p no:randomly``.
Without vLLM installed these tests skip, unless ``-m vllm`` was asked for: then they fail.
"""

from __future__ import annotations

import asyncio
import copy
import math
import re
from typing import Any

import pytest
import torch

from coderl.rollout.engine import Engine, SamplingParams

pytestmark = pytest.mark.vllm

TOL = 1e-3
CHATS = [
    [{"role": "user", "content": "def add(a, b):"}],
    [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Fix the failing test in utils.py."}],
    [{"role": "user", "content": "Traceback (most recent call last):\nNameError: name 'x' is not defined"}],
]
# Longer than a few KV blocks (32 tokens each on CPU): the prefix cache stores its full blocks.
LONG_TEXT = "def fib(n: int) -> int:\n    if n < 2:\n        return n\n    return fib(n - 1) + fib(n - 2)\n" * 4


def run(coro):
    return asyncio.run(coro)


@pytest.fixture(scope="module")
def policies(tmp_path_factory):
    from coderl.rollout.tiny_model import build_qwen_policy, build_tiny_policy

    root = tmp_path_factory.mktemp("policies")
    return {
        "seed0": build_tiny_policy(root / "seed0", seed=0),
        "seed1": build_tiny_policy(root / "seed1", seed=1),
        "tied": build_tiny_policy(root / "tied", seed=2, tie_word_embeddings=True),
        "qwen": build_qwen_policy(root / "qwen", seed=0),
    }


@pytest.fixture(scope="module")
def engine(request, policies):
    """The engine on the seed-0 policy, or on ``request.param`` (one engine per process: vLLM's state is global)."""
    try:
        import vllm  # noqa: F401
    except ImportError as exc:
        if re.search(r"(?<!not )\bvllm\b", request.config.getoption("markexpr") or ""):
            pytest.fail(f"-m vllm asked for, but vllm does not import: {exc}")
        pytest.skip("vllm is not installed (run these with -m vllm in the vLLM environment)")
    from coderl.rollout.vllm_engine import VLLMEngine

    eng = VLLMEngine(policies[getattr(request, "param", "seed0")], seed=0)
    yield eng
    eng.close()


@pytest.fixture(scope="module")
def hf_models(policies):
    from transformers import AutoModelForCausalLM

    return tuple(AutoModelForCausalLM.from_pretrained(policies[name]).eval() for name in ("seed0", "seed1"))


@pytest.fixture(scope="module")
def prompts(engine):
    tok = engine.tokenizer
    ids = [list(tok.apply_chat_template(chat, add_generation_prompt=True)["input_ids"]) for chat in CHATS]
    return [*ids, tok(LONG_TEXT)["input_ids"]]


def hf_greedy(model, prompt: list[int], max_new_tokens: int) -> list[int]:
    with torch.no_grad():
        out = model.generate(torch.tensor([prompt]), max_new_tokens=max_new_tokens, do_sample=False)
    return out[0, len(prompt) :].tolist()


def hf_logprobs(model, prompt: list[int], completion: list[int], temperature: float = 1.0, top_p: float = 1.0):
    """Logprob of each completion token under the distribution vLLM samples from (temperature, then top-p)."""
    with torch.no_grad():
        logits = model(torch.tensor([prompt + completion])).logits[0, len(prompt) - 1 : -1].float()
    if temperature > 0:
        logits = logits / temperature
    if top_p < 1:  # vLLM's rule: drop the smallest tokens whose cumulative probability stays <= 1 - top_p
        sorted_logits, order = logits.sort(dim=-1, descending=False)
        drop = sorted_logits.softmax(-1).cumsum(-1) <= 1 - top_p
        drop[:, -1] = False
        logits = logits.masked_fill(drop.scatter(-1, order, drop), float("-inf"))
    return logits.log_softmax(-1).gather(-1, torch.tensor(completion)[:, None])[:, 0].tolist()


def assert_close(actual, expected, tol=TOL):
    assert len(actual) == len(expected)
    worst = max((abs(a - e) for a, e in zip(actual, expected, strict=True)), default=0.0)
    assert worst <= tol, f"max |diff| {worst:.2e} > {tol}: {actual} vs {expected}"


# -- (a) shape of the results ---------------------------------------------------------------------------------


def test_results_are_consistent(engine, prompts):
    assert isinstance(engine, Engine)
    params = SamplingParams(max_new_tokens=24, temperature=1.0, seed=3)
    gens = run(engine.generate(prompts, params))
    assert len(gens) == len(prompts)
    for gen in gens:
        assert 1 <= len(gen.token_ids) <= 24 and len(gen.logprobs) == len(gen.token_ids)
        assert all(math.isfinite(lp) and lp <= 0 for lp in gen.logprobs)
        assert gen.text == engine.tokenizer.decode(gen.token_ids, skip_special_tokens=True)
        assert gen.finish_reason == ("length" if len(gen.token_ids) == 24 else "stop")
    assert run(engine.generate([], params)) == []


def test_seeds_reproduce_and_differ_per_prompt(engine, prompts):
    params = SamplingParams(max_new_tokens=16, temperature=1.0, seed=11)
    first = run(engine.generate([prompts[0]] * 3, params))
    again = run(engine.generate([prompts[0]] * 3, params))
    assert [g.token_ids for g in first] == [g.token_ids for g in again]
    assert len({tuple(g.token_ids) for g in first}) == 3  # prompt i is sampled with seed + i


def test_concurrent_calls_are_serialized(engine, prompts):
    params = SamplingParams(max_new_tokens=8, temperature=0)

    async def both():
        return await asyncio.gather(engine.generate(prompts[:2], params), engine.generate(prompts[2:], params))

    together = [g.token_ids for batch in run(both()) for g in batch]
    alone = [g.token_ids for g in run(engine.generate(prompts, params))]
    assert together == alone


# -- (b) greedy decoding matches transformers -----------------------------------------------------------------


def test_greedy_matches_transformers(engine, hf_models, prompts):
    gens = run(engine.generate(prompts, SamplingParams(max_new_tokens=20, temperature=0)))
    for prompt, gen in zip(prompts, gens, strict=True):
        assert gen.token_ids == hf_greedy(hf_models[0], prompt, 20)
        # Greedy requests skip temperature in vLLM: the logprobs are the model's raw log_softmax.
        assert_close(gen.logprobs, hf_logprobs(hf_models[0], prompt, gen.token_ids))


# -- (c) sampling logprobs are those of the sampling distribution ---------------------------------------------


@pytest.mark.parametrize(("temperature", "top_p"), [(1.0, 1.0), (0.7, 1.0), (1.3, 0.9)])
def test_sampled_logprobs_match_transformers(engine, hf_models, prompts, temperature, top_p):
    params = SamplingParams(max_new_tokens=24, temperature=temperature, top_p=top_p, seed=5)
    gens = run(engine.generate(prompts, params))
    for prompt, gen in zip(prompts, gens, strict=True):
        assert_close(gen.logprobs, hf_logprobs(hf_models[0], prompt, gen.token_ids, temperature, top_p))


# -- (d) weight updates ---------------------------------------------------------------------------------------


def _reference_with(model, state_dict):
    new = copy.deepcopy(model)
    new.load_state_dict(state_dict)
    return new.eval()


def test_update_weights_changes_outputs_and_matches_transformers(engine, hf_models, prompts):
    hf0, hf1 = hf_models
    greedy = SamplingParams(max_new_tokens=16, temperature=0)
    before = run(engine.generate(prompts, greedy))  # also fills the prefix cache with the old weights' KV
    gen = torch.Generator().manual_seed(0)
    perturbed = {k: v + 0.05 * torch.randn(v.shape, generator=gen) for k, v in hf0.state_dict().items()}
    candidates = [(perturbed, _reference_with(hf0, perturbed)), (hf1.state_dict(), hf1)]
    try:
        for state_dict, reference in candidates:
            engine.update_weights(state_dict)
            after = run(engine.generate(prompts, greedy))
            assert [g.token_ids for g in after] != [g.token_ids for g in before]
            for prompt, g in zip(prompts, after, strict=True):
                assert g.token_ids == hf_greedy(reference, prompt, 16)
                assert_close(g.logprobs, hf_logprobs(reference, prompt, g.token_ids))
            sampled = run(engine.generate(prompts, SamplingParams(max_new_tokens=16, temperature=0.8, seed=1)))
            for prompt, g in zip(prompts, sampled, strict=True):
                assert_close(g.logprobs, hf_logprobs(reference, prompt, g.token_ids, 0.8))
    finally:
        engine.update_weights(hf0.state_dict())
    restored = run(engine.generate(prompts, greedy))
    assert [g.token_ids for g in restored] == [g.token_ids for g in before]
    for now, then in zip(restored, before, strict=True):
        assert_close(now.logprobs, then.logprobs, tol=1e-5)


def test_update_weights_accepts_other_dtypes(engine, hf_models, prompts):
    hf0 = hf_models[0]
    greedy = SamplingParams(max_new_tokens=8, temperature=0)
    before = run(engine.generate(prompts, greedy))
    try:
        engine.update_weights({k: p.to(torch.bfloat16) for k, p in hf0.named_parameters()})  # grad-tracking
        reference = _reference_with(hf0, {k: v.to(torch.bfloat16).float() for k, v in hf0.state_dict().items()})
        for prompt, g in zip(prompts, run(engine.generate(prompts, greedy)), strict=True):
            assert_close(g.logprobs, hf_logprobs(reference, prompt, g.token_ids))
    finally:
        engine.update_weights(hf0.state_dict())
    assert [g.token_ids for g in run(engine.generate(prompts, greedy))] == [g.token_ids for g in before]


def test_update_weights_rejects_mismatched_state_dicts(engine, hf_models, prompts):
    state = hf_models[0].state_dict()
    greedy = SamplingParams(max_new_tokens=8, temperature=0)
    before = run(engine.generate(prompts, greedy))
    missing = {k: v for k, v in state.items() if k != "model.layers.1.self_attn.k_proj.weight"}
    with pytest.raises(KeyError, match="k_proj"):
        engine.update_weights(missing)
    with pytest.raises(KeyError, match="unexpected"):
        engine.update_weights({f"module.{k}": v for k, v in state.items()})
    with pytest.raises(ValueError, match="shape"):
        engine.update_weights({**state, "model.norm.weight": torch.ones(7)})
    assert [g.token_ids for g in run(engine.generate(prompts, greedy))] == [g.token_ids for g in before]


# -- (e) stop strings, max tokens, EOS ------------------------------------------------------------------------


def _stop_string_for(tok, ids: list[int]) -> tuple[str, int]:
    """A 2-character ASCII stop string first completed by token k of ``ids``."""
    for k in range(2, len(ids)):
        text = tok.decode(ids[: k + 1], skip_special_tokens=True)
        cand = text[-2:]
        if len(cand) == 2 and cand.isascii() and cand.isprintable() and cand not in tok.decode(ids[:k]):
            return cand, k
    raise AssertionError(f"no usable stop string in {tok.decode(ids)!r}")


def test_stop_strings_and_max_tokens(engine, prompts):
    tok = engine.tokenizer
    full = run(engine.generate(prompts, SamplingParams(max_new_tokens=24, temperature=0)))
    for prompt, ref in zip(prompts, full, strict=True):
        stop, k = _stop_string_for(tok, ref.token_ids)
        (gen,) = run(
            engine.generate([prompt], SamplingParams(max_new_tokens=24, temperature=0, stop=(stop, "\x00\x01")))
        )
        assert gen.finish_reason == "stop"
        assert gen.token_ids == ref.token_ids[: k + 1] and gen.logprobs == pytest.approx(ref.logprobs[: k + 1])
        assert gen.text.endswith(stop) and gen.text == tok.decode(gen.token_ids, skip_special_tokens=True)

        (short,) = run(engine.generate([prompt], SamplingParams(max_new_tokens=3, temperature=0, stop=("\x00\x01",))))
        assert short.finish_reason == "length" and short.token_ids == ref.token_ids[:3]


def test_eos_stops_with_the_eos_token_in_the_ids(engine, hf_models, prompts):
    """Make EOS the greedy choice after prompt 0 (raise its logit there by 50) and check how the engine ends."""
    hf0 = hf_models[0]
    tok = engine.tokenizer
    eos = tok.eos_token_id
    captured = {}
    hook = hf0.model.norm.register_forward_hook(lambda mod, args, out: captured.update(h=out[0, -1].detach()))
    try:
        with torch.no_grad():
            hf0(torch.tensor([prompts[0]]))
    finally:
        hook.remove()
    h = captured["h"]
    state = {k: v.clone() for k, v in hf0.state_dict().items()}
    state["lm_head.weight"][eos] += 50 * h / h.dot(h)
    reference = _reference_with(hf0, state)
    try:
        engine.update_weights(state)
        (gen,) = run(engine.generate([prompts[0]], SamplingParams(max_new_tokens=16, temperature=0)))
        assert gen.token_ids == [eos] == hf_greedy(reference, prompts[0], 16)
        assert gen.finish_reason == "stop" and gen.text == ""
        assert_close(gen.logprobs, hf_logprobs(reference, prompts[0], [eos]))
    finally:
        engine.update_weights(hf0.state_dict())


def test_requests_join_the_running_batch_continuous_batching(engine, prompts):
    """Through the rollout Batcher: a short request made while a long one is generating is added to the running
    batch and finishes first, and both results are those each gets alone. The short one is sent as soon as the
    long one is in the engine (not after a fixed delay: on a quiet machine 160 tokens took less than 0.5 s)."""
    from coderl.rollout.loop import Batcher

    long_params = SamplingParams(max_new_tokens=160, temperature=0)
    alone = engine.generate_sync(prompts, long_params)
    index = next((i for i, g in enumerate(alone) if len(g.token_ids) == 160), None)
    assert index is not None, "no prompt generates 160 tokens without EOS"
    short_params = SamplingParams(max_new_tokens=4, temperature=0)
    short_alone = engine.generate_sync([prompts[(index + 1) % len(prompts)]], short_params)[0]

    async def race() -> tuple[list[str], list[Any]]:
        batcher = Batcher(engine)
        assert batcher.continuous
        finished: list[str] = []

        async def one(name: str, prompt: list[int], params: SamplingParams, after_long: bool) -> Any:
            # wait for the long request to be in the engine; if it has already finished (a loaded machine), this
            # race says nothing about batching and another is run
            while after_long and engine.in_flight == 0 and "long" not in finished:
                await asyncio.sleep(0.001)
            generation = await batcher.generate(prompt, params)
            finished.append(name)
            return generation

        results = await asyncio.gather(
            one("long", prompts[index], long_params, False),
            one("short", prompts[(index + 1) % len(prompts)], short_params, True),
        )
        return finished, list(results)

    # Up to three races: on a loaded machine (CI beside other work) the event loop may not run the short request's
    # coroutine before the long one's 160 tokens are done, and then the race says nothing about batching. An
    # engine that does not batch continuously loses every race. A hang (the engine's step thread stuck) fails
    # with a message instead of stalling the run.
    orders = []
    for _ in range(3):
        finished, (long, short) = run(asyncio.wait_for(race(), timeout=300))
        assert long.token_ids == alone[index].token_ids and short.token_ids == short_alone.token_ids
        assert_close(long.logprobs, alone[index].logprobs)
        orders.append(finished)
        if finished == ["short", "long"]:
            break
    assert orders[-1] == ["short", "long"], orders


@pytest.mark.parametrize("engine", ["tied"], indirect=True)
def test_update_weights_with_tied_embeddings(engine, policies, prompts):
    """A tied LM head is loaded through the embedding only: the engine must still compute with the new head."""
    from transformers import AutoModelForCausalLM

    hf = AutoModelForCausalLM.from_pretrained(policies["tied"]).eval()
    greedy = SamplingParams(max_new_tokens=12, temperature=0)
    before = run(engine.generate(prompts, greedy))
    for prompt, g in zip(prompts, before, strict=True):
        assert g.token_ids == hf_greedy(hf, prompt, 12)
    gen = torch.Generator().manual_seed(1)
    state = {k: v + 0.05 * torch.randn(v.shape, generator=gen) for k, v in hf.state_dict().items()}
    state["lm_head.weight"] = state["model.embed_tokens.weight"]  # what a tied model's state_dict() holds
    reference = _reference_with(hf, state)
    assert reference.lm_head.weight.data_ptr() == reference.model.embed_tokens.weight.data_ptr()
    try:
        engine.update_weights(state)
        after = run(engine.generate(prompts, greedy))
        assert [g.token_ids for g in after] != [g.token_ids for g in before]
        for prompt, g in zip(prompts, after, strict=True):
            assert g.token_ids == hf_greedy(reference, prompt, 12)
            assert_close(g.logprobs, hf_logprobs(reference, prompt, g.token_ids))
    finally:
        engine.update_weights(hf.state_dict())


@pytest.mark.parametrize("engine", ["qwen"], indirect=True)
def test_a_qwen_shaped_checkpoint_in_vllm_hermes_prompts_logprobs_and_sleep(engine, policies):
    """A checkpoint laid out like Qwen2.5 instruct (tied, padded vocabulary, top_k=20 and repetition_penalty=1.05
    in its generation_config.json): vLLM's tokenizer renders the hermes prompt with the tools exactly as
    transformers' does, stops at </tool_call>, samples from exactly the requested distribution (the checkpoint's
    defaults do not leak in), and sleep / wake-up are no-ops on the CPU that change nothing."""
    from transformers import AutoModelForCausalLM, AutoTokenizer

    from coderl.rollout.protocol import ChatFormat

    fmt = ChatFormat(engine.tokenizer, tool_format="hermes")
    prompt = fmt.prompt_ids("Write fizzbuzz.")
    assert prompt == ChatFormat(AutoTokenizer.from_pretrained(policies["qwen"]), tool_format="hermes").prompt_ids(
        "Write fizzbuzz."
    )
    hf = AutoModelForCausalLM.from_pretrained(policies["qwen"]).eval()
    params = SamplingParams(max_new_tokens=24, temperature=1.0, seed=3, stop=fmt.stop)
    (first,) = run(engine.generate([prompt], params))
    assert len(first.token_ids) > 1
    assert_close(first.logprobs, hf_logprobs(hf, prompt, first.token_ids))
    engine.sleep()
    engine.wake_up()
    (again,) = run(engine.generate([prompt], params))
    assert again.token_ids == first.token_ids and again.logprobs == pytest.approx(first.logprobs, abs=1e-5)
