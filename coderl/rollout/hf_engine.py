"""The transformers engine: batched ``generate`` on token ids with per-token sampling logprobs.

The default on CPU. Prompts of different lengths are left-padded into one batch; each completion is
cut at its end-of-sequence token or stop string, and its logprobs are those of the distribution it
was sampled from (temperature and top-p applied).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import torch

from coderl.rollout.engine import Generation, SamplingParams, pad_id_of

__all__ = ["HFEngine"]


class HFEngine:
    """A causal LM and its tokenizer; generation runs in a worker thread, one batch at a time."""

    def __init__(self, model: Any, tokenizer: Any) -> None:
        """``model`` generates on whatever device it is on; prompts are moved there."""
        self.model = model.eval()
        self.tokenizer = tokenizer
        self.pad_id = pad_id_of(tokenizer)
        eos = tokenizer.eos_token_id
        self.eos_ids = {int(eos)} if isinstance(eos, int) else {int(e) for e in (eos or [])}
        gen_eos = getattr(getattr(model, "generation_config", None), "eos_token_id", None)
        if gen_eos is not None:
            self.eos_ids |= {int(gen_eos)} if isinstance(gen_eos, int) else {int(e) for e in gen_eos}
        from transformers import GenerationConfig

        # the checkpoint's sampling defaults would otherwise fill whatever a request leaves unset
        model.generation_config = GenerationConfig(pad_token_id=self.pad_id, eos_token_id=sorted(self.eos_ids))
        self._lock = threading.Lock()
        self._home: torch.device | None = None  # where the model lives while it sleeps on the CPU

    @classmethod
    def from_pretrained(
        cls, path: str | Path, dtype: torch.dtype | str = torch.float32, device: str | torch.device = "cpu"
    ) -> HFEngine:
        """The checkpoint at ``path`` in ``dtype`` (a torch dtype or its name) on ``device``."""
        from transformers import AutoModelForCausalLM, AutoTokenizer

        if isinstance(dtype, str):
            dtype = getattr(torch, dtype)
        tokenizer = AutoTokenizer.from_pretrained(str(path))
        model: Any = AutoModelForCausalLM.from_pretrained(str(path), dtype=dtype)
        model.to(device)
        return cls(model, tokenizer)

    @property
    def device(self) -> torch.device:
        """Where the model's parameters are (generation runs there)."""
        return next(self.model.parameters()).device

    def _generate(self, prompts: Sequence[Sequence[int]], params: SamplingParams) -> list[Generation]:
        from transformers import GenerationConfig

        width = max(len(p) for p in prompts)
        ids = torch.full((len(prompts), width), self.pad_id, dtype=torch.long)
        mask = torch.zeros((len(prompts), width), dtype=torch.long)
        for i, p in enumerate(prompts):
            ids[i, width - len(p) :] = torch.tensor(list(p), dtype=torch.long)
            mask[i, width - len(p) :] = 1
        greedy = params.temperature == 0
        # One complete generation config: a checkpoint's own sampling defaults (Qwen2.5 instruct ships top_k=20
        # and repetition_penalty=1.05) never apply, so the logprobs are those of exactly this distribution.
        settings: dict[str, Any] = {
            "do_sample": not greedy,
            "max_new_tokens": params.max_new_tokens,
            "pad_token_id": self.pad_id,
            "eos_token_id": sorted(self.eos_ids),
            "output_scores": True,
            "return_dict_in_generate": True,
            "repetition_penalty": 1.0,
        }
        if not greedy:
            settings.update(temperature=params.temperature, top_p=params.top_p, top_k=0)
        if params.stop:
            settings["stop_strings"] = list(params.stop)
        config = GenerationConfig(**settings)
        device = self.device
        # a seeded request draws from its own stream (CPU and, on a GPU, that device's): the caller's RNGs resume
        # where they were
        devices = [device] if device.type == "cuda" else []
        with self._lock, torch.no_grad(), torch.random.fork_rng(devices=devices, enabled=params.seed is not None):
            if params.seed is not None:
                torch.manual_seed(params.seed)
            out = self.model.generate(
                input_ids=ids.to(device),
                attention_mask=mask.to(device),
                generation_config=config,
                tokenizer=self.tokenizer if params.stop else None,
            )
        new = out.sequences[:, width:]
        # the processed (sampling) logits, one step at a time: [B, V] each, never [B, new, V] at once
        logprobs = torch.stack(
            [
                torch.log_softmax(step.float(), -1).gather(-1, new[:, j, None])[:, 0]
                for j, step in enumerate(out.scores)
            ],
            dim=1,
        ).cpu()
        new = new.cpu()
        results = []
        for i in range(len(prompts)):
            token_ids = new[i].tolist()
            end, reason = len(token_ids), "length"
            for j, t in enumerate(token_ids):
                if t in self.eos_ids or (params.stop and self._stopped(token_ids[: j + 1], params.stop)):
                    end, reason = j + 1, "stop"
                    break
            token_ids = token_ids[:end]
            text = self.tokenizer.decode(token_ids, skip_special_tokens=True)
            lp = logprobs[i, :end].tolist()
            results.append(Generation(token_ids, lp, text, reason))  # type: ignore[arg-type]
        return results

    def _stopped(self, ids: list[int], stops: tuple[str, ...]) -> bool:
        tail = self.tokenizer.decode(ids[-32:])
        return any(s in tail for s in stops)

    async def generate(self, prompts: Sequence[Sequence[int]], params: SamplingParams) -> list[Generation]:
        if not prompts:
            return []
        return await asyncio.to_thread(self._generate, prompts, params)

    def update_weights(self, state_dict: Mapping[str, Any]) -> None:
        """Copy the learner's weights into the model in place."""
        with self._lock, torch.no_grad():
            missing, unexpected = self.model.load_state_dict(dict(state_dict), strict=False)
            if unexpected or [k for k in missing if not k.endswith("lm_head.weight")]:
                raise ValueError(f"state dict mismatch: missing {missing[:5]}, unexpected {unexpected[:5]}")

    def sleep(self) -> None:
        """Offload the model to host memory while the learner trains, if it is on a GPU (else nothing)."""
        with self._lock:
            device = self.device
            if device.type == "cuda":
                self._home = device
                self.model.to("cpu")
                torch.cuda.empty_cache()

    def wake_up(self) -> None:
        """Move the model back to the GPU it was offloaded from (after :meth:`sleep`; else nothing)."""
        with self._lock:
            home, self._home = self._home, None
            if home is not None:
                self.model.to(home)

    def close(self) -> None:
        """Nothing to free beyond the model itself."""
