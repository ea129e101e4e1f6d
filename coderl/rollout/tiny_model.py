"""A tiny, locally built chat policy (byte-level BPE tokenizer + Qwen2 model) for tests and CI.

Nothing is downloaded: the tokenizer is trained on a small code corpus in milliseconds and the model is a
randomly initialised ``Qwen2ForCausalLM``. The same seed and corpus give byte-identical files.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

__all__ = ["AGENT_CORPUS", "CHAT_TEMPLATE", "DEFAULT_CORPUS", "SPECIAL_TOKENS", "build_tiny_policy"]

ENDOFTEXT = "<|endoftext|>"
IM_START = "<|im_start|>"
IM_END = "<|im_end|>"
SPECIAL_TOKENS = (ENDOFTEXT, IM_START, IM_END)
QWEN2_PRETOKENIZE_REGEX = (
    r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}"""
    r"""| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"""
)

# ChatML, as the Qwen family uses: the assistant turn ends with <|im_end|>, which is the EOS token.
CHAT_TEMPLATE = (
    "{% for message in messages %}"
    "{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}"
)

DEFAULT_CORPUS: tuple[str, ...] = (
    "def add(a, b):\n    return a + b\n",
    "def fib(n: int) -> int:\n    if n < 2:\n        return n\n    return fib(n - 1) + fib(n - 2)\n",
    "import os\nimport sys\n\n\ndef main() -> None:\n    print(sys.argv[1:])\n    print(os.getcwd())\n",
    "class Stack:\n    def __init__(self):\n        self.items = []\n\n    def push(self, x):\n"
    "        self.items.append(x)\n\n    def pop(self):\n        return self.items.pop()\n",
    "for i in range(10):\n    if i % 2 == 0:\n        continue\n    print(i)\n",
    "with open('data.txt') as f:\n    lines = [line.strip() for line in f]\n",
    "try:\n    value = int(text)\nexcept ValueError:\n    value = None\n",
    "def test_add():\n    assert add(1, 2) == 3\n    assert add(-1, 1) == 0\n",
    "$ python -m pytest -q tests/\n3 passed in 0.12s\n",
    "Traceback (most recent call last):\n  File \"main.py\", line 3, in <module>\nNameError: name 'x' is not defined\n",
    "Fix the failing test in utils.py. The function should return the sorted list of unique items.",
    "I will read the file first, then run the tests and edit the function.",
    "def unique_sorted(items):\n    return sorted(set(items))\n",
    "result = {key: value for key, value in pairs if value is not None}\n",
    "async def fetch(client, url):\n    response = await client.get(url)\n    return response.json()\n",
    "@dataclass\nclass Point:\n    x: float\n    y: float\n",
    "while queue:\n    node = queue.pop(0)\n    for child in node.children:\n        queue.append(child)\n",
    "return [x * x for x in numbers if x > 0]\n",
)


# What a code agent's conversations look like (tool calls, observations, task prompts): a tokenizer for an
# agent should encode its own protocol compactly, as real ones do for common code, so that a tool call is
# a few dozen tokens rather than one token per character of boilerplate.
AGENT_CORPUS: tuple[str, ...] = (
    '<tool>{"tool": "write_file", "path": "solution.py", "content": "def f(x):\\n    return x * 3 + 2\\n"}</tool>',
    '<tool>{"tool": "write_file", "path": "utils.py", "content": "def f(s):\\n    return s + \'ab\'\\n"}</tool>',
    '<tool>{"tool": "write_file", "path": "main.py", "content": "def f():\\n    return 7\\n"}</tool>',
    '<tool>{"tool": "bash", "command": "python -m pytest -q"}</tool>',
    '<tool>{"tool": "bash", "command": "ls -la && cat solution.py"}</tool>',
    '<tool>{"tool": "read_file", "path": "tests/test_solution.py"}</tool>',
    '<tool>{"tool": "edit_file", "path": "main.py", "old": "return a - b", "new": "return a + b"}</tool>',
    '<tool>{"tool": "submit"}</tool>',
    "<observation>\nWrote 38 bytes to /workspace/solution.py\n</observation>",
    "<observation>\nexit code 1\nFAILED tests/test_main.py::test_add - assert 2 == 3\n</observation>",
    "Write solution.py defining f(x) that returns x * 4 + 7.",
    "Write solution.py defining f(s) that returns s + 'word'.",
)


def _train_tokenizer(corpus: Iterable[str], vocab_size: int):
    """Train a byte-level BPE tokenizer and wrap it with EOS/pad tokens and the chat template."""
    from tokenizers import Regex, Tokenizer, decoders, models, normalizers, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    # The pipeline of transformers' Qwen2Tokenizer, which AutoTokenizer rebuilds for a ``qwen2`` model from
    # vocab + merges: with any other pre-tokenizer, AutoTokenizer (and so vLLM) would split text differently.
    tok = Tokenizer(models.BPE())
    tok.normalizer = normalizers.NFC()
    tok.pre_tokenizer = pre_tokenizers.Sequence(
        [
            pre_tokenizers.Split(Regex(QWEN2_PRETOKENIZE_REGEX), behavior="isolated", invert=False),
            pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False),
        ]
    )
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=list(SPECIAL_TOKENS),
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tok.train_from_iterator(list(corpus), trainer)
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok,
        eos_token=IM_END,
        pad_token=ENDOFTEXT,
        additional_special_tokens=[IM_START],
        model_max_length=2048,
    )
    fast.chat_template = CHAT_TEMPLATE
    return fast


def build_tiny_policy(
    out_dir: str | Path,
    seed: int = 0,
    corpus: Iterable[str] | None = None,
    *,
    vocab_size: int = 512,
    hidden_size: int = 128,
    num_layers: int = 2,
    num_heads: int = 4,
    num_kv_heads: int = 2,
    init_std: float = 0.1,
    max_position_embeddings: int = 2048,
    tie_word_embeddings: bool = False,
) -> Path:
    """Write a tiny random Qwen2 chat policy and its tokenizer to ``out_dir``; deterministic for a seed.

    The tokenizer is trained on ``corpus`` (default: ``DEFAULT_CORPUS + AGENT_CORPUS``, code and the
    agent's own tool-call protocol, so that a ``write_file`` call is about 40 tokens rather than 75).

    The head size is ``hidden_size // num_heads`` (vLLM's Qwen2 ignores an explicit ``head_dim``); the
    defaults give 32, the smallest head size vLLM's CPU attention accepts. ``init_std`` is larger than the
    usual 0.02 so that the next-token distribution is peaked enough for greedy decoding to agree across
    backends (near-ties between the top two logits are rare).
    """
    import torch
    from transformers import GenerationConfig, Qwen2Config, Qwen2ForCausalLM

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    tokenizer = _train_tokenizer(DEFAULT_CORPUS + AGENT_CORPUS if corpus is None else corpus, vocab_size)
    eos_id = tokenizer.convert_tokens_to_ids(IM_END)
    eot_id = tokenizer.convert_tokens_to_ids(ENDOFTEXT)
    config = Qwen2Config(
        vocab_size=len(tokenizer),
        hidden_size=hidden_size,
        intermediate_size=2 * hidden_size,
        num_hidden_layers=num_layers,
        num_attention_heads=num_heads,
        num_key_value_heads=num_kv_heads,
        max_position_embeddings=max_position_embeddings,
        initializer_range=init_std,
        tie_word_embeddings=tie_word_embeddings,
        bos_token_id=eot_id,
        eos_token_id=eos_id,
        pad_token_id=eot_id,
    )
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(seed)
        model = Qwen2ForCausalLM(config).eval()
    model.generation_config = GenerationConfig(bos_token_id=eot_id, eos_token_id=[eos_id, eot_id], pad_token_id=eot_id)
    model.save_pretrained(out)
    tokenizer.save_pretrained(out)
    return out
