"""Locally built chat policies (byte-level BPE tokenizer + Qwen2 model) for tests, CI and GPU checks.

Nothing is downloaded: the tokenizer is trained on a small code corpus in milliseconds and the model is a
randomly initialised ``Qwen2ForCausalLM``. The same seed and corpus give byte-identical files.

- :func:`build_tiny_policy`: the tiny policy of ``coderl init-model`` and ``policy = "tiny"`` (plain ChatML,
  the ``coderl`` tool format).
- :func:`build_qwen_policy`: a checkpoint laid out like Qwen2.5 instruct (Qwen's special and added tokens,
  ``<tool_call>`` as a non-special added token, a Qwen2.5-style chat template that takes ``tools=`` and renders
  ``tool`` messages as ``<tool_response>``, EOS ``<|im_end|>`` and ``<|endoftext|>``, tied embeddings, a vocabulary
  padded past the tokenizer, Qwen's sampling defaults in ``generation_config.json``), at a tiny size for CPU
  tests or at Qwen2.5-0.5B's real sizes (``size="0.5b"``, random weights) for GPU runs.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

__all__ = [
    "AGENT_CORPUS",
    "CHAT_TEMPLATE",
    "DEFAULT_CORPUS",
    "QWEN_CHAT_TEMPLATE",
    "QWEN_SIZES",
    "SPECIAL_TOKENS",
    "build_qwen_policy",
    "build_tiny_policy",
]

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


def _qwen2_bpe(vocab_size: int, special_tokens: list[str]):  # tokenizers types, imported lazily
    """An untrained byte-level BPE tokenizer with the pipeline of transformers' Qwen2Tokenizer, and its trainer.

    AutoTokenizer rebuilds exactly this pipeline for a ``qwen2`` model from vocab + merges: with any other
    pre-tokenizer, AutoTokenizer (and so vLLM) would split text differently from the tokenizer trained here.
    """
    from tokenizers import Regex, Tokenizer, decoders, models, normalizers, pre_tokenizers, trainers

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
        special_tokens=special_tokens,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    return tok, trainer


def _train_tokenizer(corpus: Iterable[str], vocab_size: int):
    """Train a byte-level BPE tokenizer and wrap it with EOS/pad tokens and the chat template."""
    from transformers import PreTrainedTokenizerFast

    tok, trainer = _qwen2_bpe(vocab_size, list(SPECIAL_TOKENS))
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


# -- a checkpoint shaped like Qwen2.5 instruct ------------------------------------------------------------------

# Qwen2.5's added tokens in id order after the BPE vocabulary: the first 14 are special (skipped when decoding),
# the tool-call tags and the FIM/repository tokens are not (a decoded reply keeps ``<tool_call>``).
QWEN_SPECIAL = (
    "<|endoftext|>",
    "<|im_start|>",
    "<|im_end|>",
    "<|object_ref_start|>",
    "<|object_ref_end|>",
    "<|box_start|>",
    "<|box_end|>",
    "<|quad_start|>",
    "<|quad_end|>",
    "<|vision_start|>",
    "<|vision_end|>",
    "<|vision_pad|>",
    "<|image_pad|>",
    "<|video_pad|>",
)
QWEN_ADDED = (
    "<tool_call>",
    "</tool_call>",
    "<|fim_prefix|>",
    "<|fim_middle|>",
    "<|fim_suffix|>",
    "<|fim_pad|>",
    "<|repo_name|>",
    "<|file_sep|>",
)
QWEN_DEFAULT_SYSTEM = "You are Qwen, created by Alibaba Cloud. You are a helpful assistant."

# Renders what Qwen2.5 instruct's template renders (ChatML; with tools, the system turn lists them as JSON in
# <tools> and asks for <tool_call> blocks; an assistant turn's tool_calls become <tool_call> blocks; consecutive
# tool messages share one user turn of <tool_response> blocks). Written for coderl's tests.
QWEN_CHAT_TEMPLATE = (
    "{%- set default_system = '" + QWEN_DEFAULT_SYSTEM + "' -%}"
    "{%- set has_system = messages|length > 0 and messages[0].role == 'system' -%}"
    "{{- '<|im_start|>system\\n' + (messages[0].content if has_system else default_system) -}}"
    "{%- if tools -%}"
    "{{- '\\n\\n# Tools\\n\\nYou may call one or more functions to assist with the user query.\\n\\n'"
    " + 'You are provided with function signatures within <tools></tools> XML tags:\\n<tools>' -}}"
    "{%- for tool in tools -%}{{- '\\n' + (tool | tojson) -}}{%- endfor -%}"
    "{{- '\\n</tools>\\n\\nFor each function call, return a json object with function name and arguments '"
    " + 'within <tool_call></tool_call> XML tags:\\n<tool_call>\\n'"
    ' + \'{"name": <function-name>, "arguments": <args-json-object>}\\n</tool_call>\' -}}'
    "{%- endif -%}"
    "{{- '<|im_end|>\\n' -}}"
    "{%- for message in messages -%}"
    "{%- if message.role == 'system' -%}"
    "{%- if not loop.first -%}{{- '<|im_start|>system\\n' + message.content + '<|im_end|>\\n' -}}{%- endif -%}"
    "{%- elif message.role == 'user' or (message.role == 'assistant' and not message.tool_calls) -%}"
    "{{- '<|im_start|>' + message.role + '\\n' + (message.content or '') + '<|im_end|>\\n' -}}"
    "{%- elif message.role == 'assistant' -%}"
    "{{- '<|im_start|>assistant' -}}"
    "{%- if message.content -%}{{- '\\n' + message.content -}}{%- endif -%}"
    "{%- for call in message.tool_calls -%}"
    "{%- set fn = call.function if call.function is defined else call -%}"
    "{%- set args = fn.arguments if fn.arguments is string else (fn.arguments | tojson) -%}"
    "{{- '\\n<tool_call>\\n{\"name\": \"' + fn.name + '\", \"arguments\": ' + args + '}\\n</tool_call>' -}}"
    "{%- endfor -%}"
    "{{- '<|im_end|>\\n' -}}"
    "{%- elif message.role == 'tool' -%}"
    "{%- if loop.first or messages[loop.index0 - 1].role != 'tool' -%}{{- '<|im_start|>user' -}}{%- endif -%}"
    "{{- '\\n<tool_response>\\n' + message.content + '\\n</tool_response>' -}}"
    "{%- if loop.last or messages[loop.index0 + 1].role != 'tool' -%}{{- '<|im_end|>\\n' -}}{%- endif -%}"
    "{%- endif -%}"
    "{%- endfor -%}"
    "{%- if add_generation_prompt -%}{{- '<|im_start|>assistant\\n' -}}{%- endif -%}"
)

# Model sizes: "0.5b" is Qwen2.5-0.5B's config; "tiny" keeps its layout (GQA, tied embeddings, a padded
# vocabulary) at sizes a CPU test runs in seconds (head size 32: vLLM's CPU attention needs at least that).
QWEN_SIZES: dict[str, dict[str, int]] = {
    "tiny": {
        "hidden_size": 128,
        "intermediate_size": 352,
        "num_hidden_layers": 2,
        "num_attention_heads": 4,
        "num_key_value_heads": 2,
        "vocab_multiple": 128,
    },
    "0.5b": {
        "hidden_size": 896,
        "intermediate_size": 4864,
        "num_hidden_layers": 24,
        "num_attention_heads": 14,
        "num_key_value_heads": 2,
        "vocab_size": 151936,
    },
}


def _qwen_tokenizer(vocab_size: int):
    """A byte-level BPE tokenizer with Qwen2.5's pipeline, special and added tokens, and the chat template."""
    from tokenizers import AddedToken
    from transformers import PreTrainedTokenizerFast

    tok, trainer = _qwen2_bpe(vocab_size, [])
    import json

    from coderl.rollout.protocol import TOOL_PROMPT, TOOL_SCHEMAS

    # what an instruct model's tokenizer encodes compactly: code, English, and here the tool schemas and calls
    calls = [
        '<tool_call>\n{"name": "write_file", "arguments": {"path": "solution.py", "content": "def f(x):\\n"}}'
        "\n</tool_call>",
        '<tool_call>\n{"name": "bash", "arguments": {"command": "python -m pytest -q"}}\n</tool_call>',
        '<tool_call>\n{"name": "submit", "arguments": {}}\n</tool_call>',
        "<tool_response>\nWrote 38 bytes to /workspace/solution.py\n</tool_response>",
    ]
    schemas = [json.dumps(schema) for schema in TOOL_SCHEMAS]
    corpus = [*DEFAULT_CORPUS, *AGENT_CORPUS, QWEN_DEFAULT_SYSTEM, TOOL_PROMPT, *schemas, *calls]
    tok.train_from_iterator(corpus, trainer)
    tok.add_special_tokens([AddedToken(t, special=True, normalized=False) for t in QWEN_SPECIAL])
    tok.add_tokens([AddedToken(t, special=False, normalized=False) for t in QWEN_ADDED])
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok,
        eos_token="<|im_end|>",
        pad_token="<|endoftext|>",
        model_max_length=131072,
        clean_up_tokenization_spaces=False,
    )
    fast.chat_template = QWEN_CHAT_TEMPLATE
    return fast


def build_qwen_policy(out_dir: str | Path, *, size: str = "tiny", seed: int = 0, vocab_size: int = 1024) -> Path:
    """Write a random-weight checkpoint shaped like Qwen2.5 instruct to ``out_dir`` (see the module docstring);
    ``size`` is a key of :data:`QWEN_SIZES`. Deterministic for a seed. Tiny checkpoints are saved in float32,
    the 0.5B one in bfloat16 (as Qwen ships it)."""
    import torch
    from transformers import GenerationConfig, Qwen2Config, Qwen2ForCausalLM

    if size not in QWEN_SIZES:
        raise ValueError(f"unknown size {size!r} (known: {', '.join(QWEN_SIZES)})")
    shape: dict[str, Any] = dict(QWEN_SIZES[size])
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    tokenizer = _qwen_tokenizer(vocab_size)
    multiple = shape.pop("vocab_multiple", 0)
    padded = shape.pop("vocab_size", 0) or -(-len(tokenizer) // multiple) * multiple
    eos_id = tokenizer.convert_tokens_to_ids("<|im_end|>")
    eot_id = tokenizer.convert_tokens_to_ids("<|endoftext|>")
    dtype = torch.bfloat16 if size == "0.5b" else torch.float32
    config = Qwen2Config(
        vocab_size=padded,
        max_position_embeddings=32768,
        rope_parameters={"rope_type": "default", "rope_theta": 1000000.0},
        rms_norm_eps=1e-6,
        tie_word_embeddings=True,
        use_sliding_window=False,
        max_window_layers=shape["num_hidden_layers"],
        initializer_range=0.02,
        bos_token_id=eot_id,
        eos_token_id=eos_id,
        pad_token_id=eot_id,
        **shape,
    )
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(seed)
        model: Any = Qwen2ForCausalLM(config)
        model = model.to(dtype).eval()
    # Qwen2.5 instruct's sampling defaults: an engine must not let them change what it samples from
    model.generation_config = GenerationConfig(
        bos_token_id=eot_id,
        eos_token_id=[eos_id, eot_id],
        pad_token_id=eot_id,
        do_sample=True,
        temperature=0.7,
        top_p=0.8,
        top_k=20,
        repetition_penalty=1.05,
    )
    model.save_pretrained(out)
    tokenizer.save_pretrained(out)
    return out
