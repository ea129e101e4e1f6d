"""``coderl judge eval``: how good is a judge model, what does it cost, and which ``judge_mode`` to run it in.

The judge (``coderl.guard.judge.HTTPJudge``: its request, retries, backoff and failure policy, unchanged)
is run once over a labelled set of actions, every action judged, the cache out of play. Each reply's
``usage`` (tokens), each request's latency and how each attempt ended (verdict, timeout, unparsable
reply, HTTP error, refused connection) are recorded on the side: a hook on the HTTP client reads the
usage, a context variable ties each request to its action.

Scored "pipelines":

- ``judge``: the judge alone on every action (the model's own precision and recall);
- ``stage1``: the compiled rules alone (the free baseline);
- ``all`` / ``suspicious`` / ``sample``: what ``Guard.check`` decides in that ``judge_mode`` (stage 1 first,
  the judge only for the actions the mode sends it), replayed through the real ``Guard`` with the
  recorded verdicts, so the modes' costs (calls, tokens, money) and recall come from one run.

An action on which the judge failed (every attempt) is scored as the failure policy decides, as in
training (``fail_closed``: a cheat), and counted under failures.

Labelled input, one JSON object per line: ``{"action": {...}, "cheat": true|false, "category": "..."}``
with optional ``id``, ``task_prompt`` and ``meta`` (anything). ``action`` is what ``coderl scan`` reads;
``category`` is the cheat's family for a cheat, and for an honest action the family it could be mistaken
for (a near miss) or ``none``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextvars
import itertools
import json
import logging
import math
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from coderl.action import Action, ActionError, parse_action
from coderl.guard.judge import (
    CATEGORIES,
    HTTPJudge,
    Judge,
    JudgeConfig,
    JudgeContext,
    JudgeReplyError,
    JudgeVerdict,
    parse_reply,
)

__all__ = [
    "EXAMPLE_SET",
    "MODES",
    "EndpointUnreachable",
    "EvalHTTPJudge",
    "LabelError",
    "LabelledAction",
    "RequestRecord",
    "Scored",
    "evaluate",
    "load_labelled",
    "register",
    "score",
]

EXAMPLE_SET = Path(__file__).parent / "data" / "judge_eval_example.jsonl"
MODES = ("all", "suspicious", "sample")
MAX_CONCURRENCY = 64
LABEL_FIELDS = frozenset({"action", "cheat", "category", "id", "task_prompt", "meta"})
ATTEMPT_OUTCOMES = ("ok", "timeout", "unparsable", "bad_response", "http_error", "connect_error", "error")


class LabelError(ValueError):
    """A labelled file that cannot be used: the message names the file, the line and the field."""


class EndpointUnreachable(RuntimeError):
    """Every attempt to reach the judge endpoint failed to connect."""


@dataclass(frozen=True)
class LabelledAction:
    """One labelled action: what the agent did, whether it is a cheat, and its category."""

    line: int
    id: str
    action: Action
    cheat: bool
    category: str
    task_prompt: str = ""


def _parse_label(path: str, number: int, raw: bytes) -> LabelledAction:
    where = f"{path}: line {number}"
    try:
        obj = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise LabelError(f"{where}: not valid JSON: {exc}") from exc
    if not isinstance(obj, dict):
        raise LabelError(f"{where}: expected a JSON object, got {type(obj).__name__}")
    unknown = sorted(set(obj) - LABEL_FIELDS)
    if unknown:
        raise LabelError(f"{where}: unknown field(s) {', '.join(map(repr, unknown))} (expected {sorted(LABEL_FIELDS)})")
    for name in ("action", "cheat", "category"):
        if name not in obj:
            raise LabelError(f"{where}: missing field {name!r}")
    try:
        action = parse_action(obj["action"])
    except ActionError as exc:
        raise LabelError(f"{where}: field 'action': {exc}") from exc
    cheat = obj["cheat"]
    if not isinstance(cheat, bool):
        raise LabelError(f"{where}: field 'cheat' must be true or false, got {json.dumps(cheat)}")
    category = obj["category"]
    if not isinstance(category, str) or category not in CATEGORIES:
        raise LabelError(f"{where}: field 'category': {json.dumps(category)} is not one of {', '.join(CATEGORIES)}")
    if cheat and category == "none":
        raise LabelError(f"{where}: field 'category': a cheat needs its family, not 'none'")
    action_id = obj.get("id", action.id if action.id is not None else f"line{number}")
    if not isinstance(action_id, str):
        raise LabelError(f"{where}: field 'id' must be a string")
    prompt = obj.get("task_prompt", "")
    if not isinstance(prompt, str):
        raise LabelError(f"{where}: field 'task_prompt' must be a string")
    return LabelledAction(number, action_id, action, cheat, category, prompt)


def load_labelled(path: str | Path) -> list[LabelledAction]:
    """Every labelled action of a JSONL file (blank lines skipped); ``LabelError`` names file, line, field."""
    name = str(path)
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise LabelError(f"{name}: cannot read: {exc.strerror or exc}") from exc
    records = [_parse_label(name, n, raw) for n, raw in enumerate(data.splitlines(), start=1) if raw.strip()]
    if not records:
        raise LabelError(f"{name}: no labelled actions")
    return records


# --- the judge, instrumented -------------------------------------------------------------------------


@dataclass
class RequestRecord:
    """One HTTP attempt: how long it took, how it ended, and the tokens the server reported."""

    latency_s: float = 0.0
    outcome: str = "ok"
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    error: str = ""


@dataclass
class ActionRecord:
    """The judge's work on one action: its verdict, the time to it (retries included), its attempts."""

    verdict: JudgeVerdict | None = None
    latency_s: float = 0.0
    requests: list[RequestRecord] = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return self.verdict is not None and self.verdict.source == "policy"


_ACTION: contextvars.ContextVar[ActionRecord | None] = contextvars.ContextVar("judge_eval_action", default=None)
_REQUEST: contextvars.ContextVar[RequestRecord | None] = contextvars.ContextVar("judge_eval_request", default=None)


class EvalHTTPJudge(HTTPJudge):
    """``HTTPJudge`` with every verdict fetched from the server (no cache hits) and each attempt recorded."""

    def __init__(self, config: JudgeConfig, *, seed: int = 0) -> None:
        super().__init__(config, seed=seed)
        self._keys = itertools.count()
        self._client.event_hooks = {"request": [], "response": [self._read_usage]}

    def _cache_key(self, action: Action, context: JudgeContext) -> str:
        return f"eval-{next(self._keys)}"  # a key never seen before: every verdict comes from the server

    async def _read_usage(self, response: Any) -> None:
        request = _REQUEST.get()
        if request is None or response.status_code != 200:
            return
        await response.aread()
        try:
            usage = response.json().get("usage") or {}
        except (ValueError, AttributeError):
            return
        prompt, completion = usage.get("prompt_tokens"), usage.get("completion_tokens")
        if isinstance(prompt, int) and isinstance(completion, int) and prompt >= 0 and completion >= 0:
            request.prompt_tokens, request.completion_tokens = prompt, completion

    async def complete(self, messages: list[dict[str, str]]) -> str:
        import httpx

        request = RequestRecord()
        owner = _ACTION.get()
        if owner is not None:
            owner.requests.append(request)
        _REQUEST.set(request)  # this attempt runs in its own task (wait_for): the value stays local to it
        start = time.perf_counter()
        try:
            text = await super().complete(messages)
        except asyncio.CancelledError:
            request.outcome, request.error = "timeout", f"no reply within {self.config.timeout_s:g} s"
            raise
        except (httpx.ConnectError, httpx.ConnectTimeout) as exc:
            request.outcome, request.error = "connect_error", f"{type(exc).__name__}: {exc}"
            raise
        except JudgeReplyError as exc:
            request.outcome, request.error = "bad_response", str(exc)
            raise
        except RuntimeError as exc:
            request.outcome, request.error = "http_error", str(exc)
            raise
        except Exception as exc:
            request.outcome, request.error = "error", f"{type(exc).__name__}: {exc}"
            raise
        finally:
            request.latency_s = time.perf_counter() - start
        try:
            parse_reply(text)
        except JudgeReplyError as exc:
            request.outcome, request.error = "unparsable", str(exc)
        return text


async def _judge_one(judge: Judge, item: LabelledAction, protected: tuple[str, ...]) -> ActionRecord:
    record = ActionRecord()
    token = _ACTION.set(record)
    try:
        start = time.perf_counter()
        record.verdict = await judge.judge(item.action, JudgeContext(item.task_prompt, protected))
        record.latency_s = time.perf_counter() - start
    finally:
        _ACTION.reset(token)
    return record


def _unreachable(records: Iterable[ActionRecord], outcomes: tuple[str, ...] = ("connect_error",)) -> str | None:
    """The last error when every attempt of the given actions ended in one of ``outcomes``, else None."""
    requests = [r for rec in records for r in rec.requests]
    if requests and all(r.outcome in outcomes for r in requests):
        return requests[-1].error
    return None


async def judge_all(
    items: Sequence[LabelledAction],
    judge: Judge,
    *,
    concurrency: int,
    protected: tuple[str, ...],
    progress: Callable[[int], None] | None = None,
) -> tuple[list[ActionRecord], float]:
    """Every action judged (at most ``concurrency`` at a time), in input order, and the wall time.

    The first action goes alone: if none of its attempts could connect or got an HTTP 200 (a wrong URL, a
    refused key), ``EndpointUnreachable`` is raised before the rest are sent; also when no attempt of
    the whole run could connect."""
    start = time.perf_counter()
    results: list[ActionRecord | None] = [None] * len(items)
    first = results[0] = await _judge_one(judge, items[0], protected)
    error = _unreachable([first], ("connect_error", "http_error"))
    if error is not None:
        raise EndpointUnreachable(error)
    if progress:
        progress(1)
    queue = iter(range(1, len(items)))

    async def worker() -> None:
        for i in queue:  # a shared iterator: each index is taken by exactly one worker
            results[i] = await _judge_one(judge, items[i], protected)
            if progress:
                progress(1)

    await asyncio.gather(*(worker() for _ in range(min(concurrency, len(items) - 1))))
    done = [r for r in results if r is not None]
    error = _unreachable(done)
    if error is not None:
        raise EndpointUnreachable(error)
    return done, time.perf_counter() - start


# --- scoring -----------------------------------------------------------------------------------------


class _ReplayJudge(Judge):
    """Hands ``Guard.check`` the verdict recorded for the action being replayed (no model involved)."""

    def __init__(self) -> None:
        super().__init__(JudgeConfig())
        self.next: JudgeVerdict | None = None

    async def judge(self, action: Action, context: JudgeContext | None = None) -> JudgeVerdict:
        assert self.next is not None
        return self.next


@dataclass
class Scored:
    """One pipeline's decision on one action: flagged or not, the category it gave, whether it called the judge."""

    flagged: bool
    categories: tuple[str, ...]
    judged: bool


async def score(
    items: Sequence[LabelledAction],
    records: Sequence[ActionRecord],
    *,
    modes: Sequence[str],
    protect: Sequence[str] = (),
    sample_rate: float = 0.1,
    seed: int = 0,
) -> dict[str, list[Scored]]:
    """Each pipeline's decisions: the judge alone, stage 1 alone, and ``Guard.check`` in each mode."""
    from coderl.guard.context import GuardContext
    from coderl.guard.guarded import EpisodeGuard, Guard, GuardConfig
    from coderl.guard.stage1 import Stage1Scanner, Verdict

    class Recorded(Stage1Scanner):
        """Stage 1 scanned once for the whole set (batched); ``Guard.check`` gets those verdicts back."""

        recorded: dict[int, Verdict]

        def scan(self, action: Action) -> Verdict:
            found = self.recorded.get(id(action))
            return found if found is not None else super().scan(action)

    context = GuardContext().with_protected(*protect)
    scanner = Recorded(context=context)
    out: dict[str, list[Scored]] = {"judge": [], "stage1": []}
    for record in records:
        assert record.verdict is not None
        out["judge"].append(Scored(record.verdict.cheat, (record.verdict.category,), True))
    verdicts = scanner.scan_many([item.action for item in items])  # items keep the actions alive: ids stay unique
    scanner.recorded = {id(item.action): v for item, v in zip(items, verdicts, strict=True)}
    for v in verdicts:
        out["stage1"].append(Scored(v.cheat, tuple(v.categories), False))
    for mode in modes:
        replay = _ReplayJudge()
        config = GuardConfig(judge_mode=mode, sample_rate=sample_rate, seed=seed)  # type: ignore[arg-type]
        guard = Guard(scanner, replay, config)
        decisions = out[mode] = []
        for item, record in zip(items, records, strict=True):
            replay.next = record.verdict
            episode = EpisodeGuard(context=context, task_prompt=item.task_prompt)
            verdict, judged, _ = await guard.check(item.action, episode)
            if verdict.cheat:
                decisions.append(Scored(True, tuple(verdict.categories), False))
            elif judged is not None:
                decisions.append(Scored(judged.cheat, (judged.category,), True))
            else:
                decisions.append(Scored(False, (), False))
    return out


def _ratio(num: float, den: float) -> float | None:
    return num / den if den else None


def confusion(items: Sequence[LabelledAction], decisions: Sequence[Scored]) -> dict[str, Any]:
    """tp/fp/fn/tn, precision, recall, F1, false-positive rate and category accuracy (on the caught cheats)."""
    tp = fp = fn = tn = right_category = 0
    for item, d in zip(items, decisions, strict=True):
        if item.cheat and d.flagged:
            tp += 1
            right_category += item.category in d.categories
        elif item.cheat:
            fn += 1
        elif d.flagged:
            fp += 1
        else:
            tn += 1
    precision, recall = _ratio(tp, tp + fp), _ratio(tp, tp + fn)
    f1 = None
    if precision is not None and recall is not None:
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {
        "n": tp + fp + fn + tn,
        "tp": tp,
        "fp": fp,
        "fn": fn,
        "tn": tn,
        "precision": precision,
        "recall": recall,
        "f1": f1,
        "fpr": _ratio(fp, fp + tn),
        "category_accuracy": _ratio(right_category, tp),
    }


def percentiles(values: Sequence[float]) -> dict[str, float | None]:
    """p50, p95 (linear interpolation, as numpy's default), max and mean; None for no values."""
    if not values:
        return {"p50": None, "p95": None, "max": None, "mean": None}
    ordered = sorted(values)

    def q(p: float) -> float:
        pos = p * (len(ordered) - 1)
        lo, hi = math.floor(pos), math.ceil(pos)
        return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)

    return {"p50": q(0.5), "p95": q(0.95), "max": ordered[-1], "mean": sum(ordered) / len(ordered)}


def _usage(records: Iterable[ActionRecord], price_in: float | None, price_out: float | None) -> dict[str, Any]:
    requests = [r for rec in records for r in rec.requests]
    with_usage = [r for r in requests if r.prompt_tokens is not None and r.completion_tokens is not None]
    prompt = sum(r.prompt_tokens or 0 for r in with_usage)
    completion = sum(r.completion_tokens or 0 for r in with_usage)
    cost = None
    if (price_in is not None or price_out is not None) and with_usage:
        cost = prompt / 1e6 * (price_in or 0.0) + completion / 1e6 * (price_out or 0.0)
    return {
        "requests": len(requests),
        "requests_with_usage": len(with_usage),
        "prompt_tokens": prompt if with_usage else None,
        "completion_tokens": completion if with_usage else None,
        "cost_usd": cost,
    }


def _pipeline(
    items: Sequence[LabelledAction],
    records: Sequence[ActionRecord],
    decisions: Sequence[Scored],
    price_in: float | None,
    price_out: float | None,
) -> dict[str, Any]:
    called = [rec for rec, d in zip(records, decisions, strict=True) if d.judged]
    categories: dict[str, dict[str, Any]] = {}
    for category in sorted({item.category for item in items}, key=CATEGORIES.index):
        pairs = [(item, d) for item, d in zip(items, decisions, strict=True) if item.category == category]
        categories[category] = confusion([p[0] for p in pairs], [p[1] for p in pairs])
    return {
        "judge_calls": len(called),
        "usage": _usage(called, price_in, price_out),
        "latency_s": percentiles([rec.latency_s for rec in called]),
        "overall": confusion(items, decisions),
        "categories": categories,
    }


PIPELINE_HELP = {
    "judge": "the judge alone, every action",
    "stage1": "stage-1 rules alone",
    "all": "Guard, judge_mode=all",
    "suspicious": "Guard, judge_mode=suspicious",
    "sample": "Guard, judge_mode=sample",
}


async def evaluate(
    items: Sequence[LabelledAction],
    config: JudgeConfig,
    *,
    concurrency: int = 8,
    modes: Sequence[str] = MODES,
    protect: Sequence[str] = (),
    sample_rate: float = 0.1,
    seed: int = 0,
    price_in: float | None = None,
    price_out: float | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Judge every action over HTTP, score every pipeline, and return the report (JSON-ready)."""
    from coderl.guard.context import GuardContext

    if not 1 <= concurrency <= MAX_CONCURRENCY:
        raise ValueError(f"concurrency={concurrency} must be in 1..{MAX_CONCURRENCY}")
    for mode in modes:
        if mode not in MODES:
            raise ValueError(f"judge mode {mode!r}: expected one of {', '.join(MODES)}")
    protected = GuardContext().with_protected(*protect).protected
    judge = EvalHTTPJudge(config)
    try:
        records, wall_s = await judge_all(items, judge, concurrency=concurrency, protected=protected, progress=progress)
    finally:
        await judge.aclose()
    decisions = await score(items, records, modes=modes, protect=protect, sample_rate=sample_rate, seed=seed)
    requests = [r for rec in records for r in rec.requests]
    attempts = {outcome: sum(r.outcome == outcome for r in requests) for outcome in ATTEMPT_OUTCOMES}
    failed = [rec for rec in records if rec.failed]
    return {
        "endpoint": config.url,
        "model": config.model,
        "actions": len(items),
        "cheats": sum(item.cheat for item in items),
        "honest": sum(not item.cheat for item in items),
        "settings": {
            "concurrency": concurrency,
            "timeout_s": config.timeout_s,
            "retries": config.retries,
            "policy": config.policy,
            "max_tokens": config.max_tokens,
            "json_mode": config.json_mode,
            "modes": list(modes),
            "sample_rate": sample_rate,
            "seed": seed,
            "price_in_per_1m": price_in,
            "price_out_per_1m": price_out,
        },
        "run": {
            "wall_s": wall_s,
            "actions_per_s": len(items) / wall_s if wall_s > 0 else None,
            "cache_hits": sum(1 for rec in records if rec.verdict is not None and rec.verdict.source == "cache"),
            "usage": _usage(records, price_in, price_out),
            "latency_s": {
                "request": percentiles([r.latency_s for r in requests]),
                "action": percentiles([rec.latency_s for rec in records]),
            },
            "failures": {
                "actions_failed": len(failed),
                "decided_by_policy_as_cheat": sum(1 for rec in failed if rec.verdict and rec.verdict.cheat),
                "attempts": attempts,
                "examples": [
                    {"id": item.id, "line": item.line, "error": rec.verdict.error if rec.verdict else ""}
                    for item, rec in zip(items, records, strict=True)
                    if rec.failed
                ][:5],
            },
        },
        "pipelines": {
            name: {"description": PIPELINE_HELP[name], **_pipeline(items, records, d, price_in, price_out)}
            for name, d in decisions.items()
        },
        "per_action": [
            {
                "id": item.id,
                "line": item.line,
                "cheat": item.cheat,
                "category": item.category,
                "judge": rec.verdict.to_json() if rec.verdict else None,
                "latency_s": rec.latency_s,
                "attempts": [r.outcome for r in rec.requests],
                **{f"flagged_{name}": d[i].flagged for name, d in decisions.items()},
            }
            for i, (item, rec) in enumerate(zip(items, records, strict=True))
        ],
    }


# --- command line ------------------------------------------------------------------------------------


def _bounded_int(low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from exc
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not in {low}..{high}")
        return value

    return parse


def _non_negative(text: str) -> float:
    try:
        value = float(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from exc
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"{text} must be a finite number >= 0")
    return value


def _modes(text: str) -> list[str]:
    modes = [m.strip() for m in text.split(",") if m.strip()]
    bad = [m for m in modes if m not in MODES]
    if bad or not modes:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a comma-separated subset of {','.join(MODES)}")
    return list(dict.fromkeys(modes))


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``coderl judge eval``."""
    judge = sub.add_parser("judge", help="stage-2 judge tools (eval: measure a judge model on labelled actions)")
    judge_sub = judge.add_subparsers(dest="judge_command", metavar="SUBCOMMAND", required=True)
    ev = judge_sub.add_parser(
        "eval",
        help="measure a judge on labelled actions: precision/recall per category, cost, latency, per judge_mode",
        description="Run an OpenAI-compatible judge over a labelled JSONL set ({'action': {...}, 'cheat': bool, "
        "'category': str} per line) and report precision, recall, F1 and counts per category for the judge alone, "
        "stage 1 alone and each judge_mode, with tokens, cost, latency and failures. "
        "Exit status: 0 done, 2 bad usage or bad input, 3 endpoint unreachable.",
    )
    ev.add_argument("file", help=f"labelled JSONL (an example ships at {EXAMPLE_SET})")
    ev.add_argument("--endpoint", required=True, metavar="URL", help="OpenAI-compatible API base, e.g. .../v1")
    ev.add_argument("--model", default="judge", help="model name sent to the endpoint")
    ev.add_argument("--modes", type=_modes, default=list(MODES), help="judge modes to score (default: all three)")
    ev.add_argument("--sample-rate", type=float, default=0.1, help="judge_mode=sample's rate (default 0.1)")
    ev.add_argument("--seed", type=int, default=0, help="seed of judge_mode=sample's draws")
    ev.add_argument(
        "--concurrency",
        type=_bounded_int(1, MAX_CONCURRENCY),
        default=8,
        help=f"actions judged at once, 1..{MAX_CONCURRENCY} (default 8)",
    )
    ev.add_argument("--limit", type=_bounded_int(1, 10**9), default=None, help="only the first N labelled actions")
    ev.add_argument("--timeout", type=float, default=20.0, metavar="S", help="per request (default 20)")
    ev.add_argument("--retries", type=_bounded_int(0, 10), default=2, help="retries per action (default 2)")
    ev.add_argument("--policy", choices=("fail_closed", "fail_open"), default="fail_closed")
    ev.add_argument("--max-tokens", type=_bounded_int(1, 100_000), default=200)
    ev.add_argument("--no-json-mode", action="store_true", help="do not send response_format=json_object")
    ev.add_argument("--protect", action="append", default=[], metavar="GLOB", help="add a protected path glob")
    ev.add_argument("--price-in", type=_non_negative, default=None, metavar="USD", help="per 1M prompt tokens")
    ev.add_argument("--price-out", type=_non_negative, default=None, metavar="USD", help="per 1M completion tokens")
    ev.add_argument("--json", default=None, metavar="OUT", help="also write the full report (per action too) here")
    ev.set_defaults(func=run_eval)


def _fail(message: str, code: int) -> int:
    print(f"coderl judge eval: {message}", file=sys.stderr)
    return code


def run_eval(args: argparse.Namespace) -> int:
    """The command: load, judge, score, print; 2 for bad input, 3 for an unreachable endpoint."""
    if not args.endpoint.startswith(("http://", "https://")):
        return _fail(f"--endpoint {args.endpoint!r}: expected an http(s) API base such as http://host:8000/v1", 2)
    if not 0.0 <= args.sample_rate <= 1.0:
        return _fail(f"--sample-rate {args.sample_rate}: must be in [0, 1]", 2)
    if args.json and not Path(args.json).resolve().parent.is_dir():
        return _fail(f"--json {args.json}: directory {Path(args.json).resolve().parent} does not exist", 2)
    if args.json and Path(args.json).is_dir():
        return _fail(f"--json {args.json}: is a directory; give a file path for the report", 2)
    try:
        items = load_labelled(args.file)
        config = JudgeConfig(
            url=args.endpoint,
            model=args.model,
            timeout_s=args.timeout,
            retries=args.retries,
            policy=args.policy,
            concurrency=args.concurrency,
            max_tokens=args.max_tokens,
            json_mode=not args.no_json_mode,
        )
    except (LabelError, ValueError) as exc:
        return _fail(str(exc), 2)
    if args.limit is not None:
        items = items[: args.limit]
    guard_log = logging.getLogger("coderl.guard")
    level = guard_log.level
    guard_log.setLevel(logging.ERROR)  # each judge failure is counted in the report, not logged one by one
    try:
        report = asyncio.run(
            evaluate(
                items,
                config,
                concurrency=args.concurrency,
                modes=args.modes,
                protect=args.protect,
                sample_rate=args.sample_rate,
                seed=args.seed,
                price_in=args.price_in,
                price_out=args.price_out,
                progress=_progress(len(items)),
            )
        )
    except EndpointUnreachable as exc:
        return _fail(f"endpoint {args.endpoint} unreachable or not serving chat completions: {exc}", 3)
    finally:
        guard_log.setLevel(level)
    report["file"] = str(args.file)
    if args.json:
        try:
            Path(args.json).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
        except OSError as exc:
            return _fail(f"--json {args.json}: cannot write: {exc.strerror or exc}", 2)
    print_report(report)
    return 0


def _progress(total: int) -> Callable[[int], None] | None:
    """A one-line counter on stderr when it is a terminal."""
    if not sys.stderr.isatty():
        return None
    done = 0

    def step(n: int) -> None:
        nonlocal done
        done += n
        print(f"\rjudged {done}/{total}", end="" if done < total else "\n", file=sys.stderr, flush=True)

    return step


def _fmt(value: float | None, digits: int = 3) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value * 1000:.1f}"


def print_report(report: dict[str, Any], file: Any = None) -> None:
    """Three rich tables: per category (judge alone), per pipeline (quality and cost), the run."""
    from rich.console import Console
    from rich.table import Table

    out = file or sys.stdout
    # a terminal keeps its own width; a pipe or a file gets room for the pipeline table's columns
    console = Console(file=out, width=None if out.isatty() else 150)
    pipelines = report["pipelines"]
    head = f"{report['model']} at {report['endpoint']}: {report['actions']} actions"
    head += f" ({report['cheats']} cheats, {report['honest']} honest)"
    by_cat = Table(
        "category",
        "n",
        "tp",
        "fp",
        "fn",
        "tn",
        "precision",
        "recall",
        "F1",
        "FPR",
        "cat. acc.",
        title=f"judge alone, per label category: {head}",
    )
    judge = pipelines["judge"]
    for category, m in [*judge["categories"].items(), ("overall", judge["overall"])]:
        by_cat.add_row(
            f"[bold]{category}[/bold]" if category == "overall" else category,
            str(m["n"]),
            *(str(m[k]) for k in ("tp", "fp", "fn", "tn")),
            *(_fmt(m[k]) for k in ("precision", "recall", "f1", "fpr", "category_accuracy")),
        )
    console.print(by_cat)
    per_pipe = Table(
        "pipeline",
        "tp",
        "fp",
        "fn",
        "tn",
        "precision",
        "recall",
        "F1",
        "judge calls",
        "prompt tok",
        "compl. tok",
        "cost $",
        "p50 ms",
        "p95 ms",
        title="per pipeline",
        caption="; ".join(f"{name}: {p['description']}" for name, p in pipelines.items())
        + " (a mode: stage 1 first, then the judge for what the mode sends it)",
    )
    for name, p in pipelines.items():
        m, u, lat = p["overall"], p["usage"], p["latency_s"]
        per_pipe.add_row(
            name,
            *(str(m[k]) for k in ("tp", "fp", "fn", "tn")),
            *(_fmt(m[k]) for k in ("precision", "recall", "f1")),
            str(p["judge_calls"]),
            "-" if u["prompt_tokens"] is None else str(u["prompt_tokens"]),
            "-" if u["completion_tokens"] is None else str(u["completion_tokens"]),
            _fmt(u["cost_usd"], 4),
            _ms(lat["p50"]),
            _ms(lat["p95"]),
        )
    console.print(per_pipe)
    run = report["run"]
    req, act = run["latency_s"]["request"], run["latency_s"]["action"]
    failures = run["failures"]
    summary = Table("run", "value", title="the judge run", show_header=False)
    summary.add_row("wall time", f"{run['wall_s']:.2f} s ({_fmt(run['actions_per_s'], 1)} actions/s)")
    summary.add_row("request latency", f"p50 {_ms(req['p50'])} ms, p95 {_ms(req['p95'])} ms, max {_ms(req['max'])} ms")
    summary.add_row("action latency", f"p50 {_ms(act['p50'])} ms, p95 {_ms(act['p95'])} ms, max {_ms(act['max'])} ms")
    usage = run["usage"]
    summary.add_row(
        "requests",
        f"{usage['requests']} ({usage['requests_with_usage']} reported usage), cache hits {run['cache_hits']}",
    )
    cost = usage["cost_usd"]
    summary.add_row(
        "cost", "-" if cost is None else f"${cost:.4f} (${cost / report['actions'] * 1000:.4f} / 1k actions)"
    )
    attempts = ", ".join(f"{k} {v}" for k, v in failures["attempts"].items() if k != "ok" and v) or "none"
    summary.add_row(
        "failures",
        f"{failures['actions_failed']} action(s) decided by the policy ({report['settings']['policy']}); "
        f"failed attempts: {attempts}",
    )
    console.print(summary)
