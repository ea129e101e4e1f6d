"""The tiny local chat policy: loadable, deterministic for a seed, with a working chat template."""

from __future__ import annotations

import pytest

pytest.importorskip("transformers")
pytest.importorskip("tokenizers")

import torch
from transformers import AutoModelForCausalLM, AutoTokenizer, PreTrainedTokenizerFast

from coderl.rollout.tiny_model import build_tiny_policy

TEXTS = [
    "def f(x):\n    return x + 1  # héllo 世界\n",
    "   spaces\t\ttabs\n\n\nx = 'it''s' I'LL don't 12345",
    "<|im_start|>user\nhi<|im_end|>\n",
]


@pytest.fixture(scope="module")
def policy(tmp_path_factory: pytest.TempPathFactory):
    return build_tiny_policy(tmp_path_factory.mktemp("tiny") / "seed0", seed=0)


def test_loads_and_generates(policy):
    tok = AutoTokenizer.from_pretrained(policy)
    model = AutoModelForCausalLM.from_pretrained(policy).eval()
    assert model.config.model_type == "qwen2" and model.config.num_hidden_layers == 2
    assert model.config.vocab_size == len(tok) and model.dtype == torch.float32
    assert tok.eos_token == "<|im_end|>" and tok.pad_token == "<|endoftext|>"
    assert tok.eos_token_id != tok.pad_token_id
    ids = tok("def add(a, b):")["input_ids"]
    out = model.generate(torch.tensor([ids]), max_new_tokens=5, do_sample=False)
    assert len(ids) < out.shape[1] <= len(ids) + 5  # may stop early at EOS


def test_autotokenizer_matches_the_trained_tokenizer(policy):
    """AutoTokenizer rebuilds a Qwen2Tokenizer for a qwen2 model: it must split text exactly as trained."""
    auto = AutoTokenizer.from_pretrained(policy)
    fast = PreTrainedTokenizerFast.from_pretrained(policy)
    for text in TEXTS:
        assert auto(text)["input_ids"] == fast(text)["input_ids"]
        assert auto.decode(auto(text)["input_ids"]) == text
    special = auto("<|im_start|>a<|im_end|><|endoftext|>")["input_ids"]
    assert auto.convert_tokens_to_ids(["<|im_start|>", "<|im_end|>", "<|endoftext|>"])[0] == special[0]
    assert special[-2:] == [auto.eos_token_id, auto.pad_token_id]


def test_chat_template_renders(policy):
    tok = AutoTokenizer.from_pretrained(policy)
    messages = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Fix the test."}]
    text = tok.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)
    assert text == (
        "<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nFix the test.<|im_end|>\n<|im_start|>assistant\n"
    )
    no_prompt = tok.apply_chat_template(messages, tokenize=False)
    assert text.startswith(no_prompt) and not no_prompt.endswith("assistant\n")


def test_deterministic_for_a_seed(policy, tmp_path):
    again = build_tiny_policy(tmp_path / "again", seed=0)
    other = build_tiny_policy(tmp_path / "other", seed=1)
    names = sorted(p.name for p in policy.iterdir())
    assert names == sorted(p.name for p in again.iterdir())
    assert {"config.json", "model.safetensors", "tokenizer.json"} <= set(names)
    for name in names:
        assert (policy / name).read_bytes() == (again / name).read_bytes(), name
    assert (policy / "tokenizer.json").read_bytes() == (other / "tokenizer.json").read_bytes()
    assert (policy / "model.safetensors").read_bytes() != (other / "model.safetensors").read_bytes()


def test_seed_does_not_touch_the_global_rng(tmp_path):
    torch.manual_seed(123)
    expected = torch.rand(3)
    torch.manual_seed(123)
    build_tiny_policy(tmp_path, seed=7)
    assert torch.equal(torch.rand(3), expected)


def test_custom_corpus(tmp_path):
    path = build_tiny_policy(tmp_path, corpus=["select * from users where id = 1;"] * 10, vocab_size=300)
    tok = AutoTokenizer.from_pretrained(path)
    assert 259 < len(tok) <= 300  # 256 bytes + 3 special tokens + merges
    assert AutoModelForCausalLM.from_pretrained(path).config.vocab_size == len(tok)
    assert len(tok("select * from users")["input_ids"]) < len("select * from users")


def test_tied_embeddings(tmp_path):
    model = AutoModelForCausalLM.from_pretrained(build_tiny_policy(tmp_path, tie_word_embeddings=True))
    assert model.config.tie_word_embeddings
    assert model.lm_head.weight.data_ptr() == model.model.embed_tokens.weight.data_ptr()


def test_the_agent_protocol_is_encoded_compactly(policy):
    """The default corpus includes the tool-call protocol: a write_file call is a few dozen tokens, not one
    per character of boilerplate (fewer sampled tokens per turn, fewer chances to derail)."""
    tok = AutoTokenizer.from_pretrained(policy)
    body = "def f(x):\\n    return x * 9 + 6\\n"
    call = '<tool>{"tool": "write_file", "path": "solution.py", "content": "' + body + '"}</tool>'
    ids = tok(call, add_special_tokens=False)["input_ids"]
    assert tok.decode(ids) == call
    assert len(ids) <= 45 < len(call) // 2
