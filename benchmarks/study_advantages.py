"""How well do GRPO and critic + GAE advantages track the TRUE advantage of each action?

The environment is a simulated multi-turn code-agent episode whose true advantage is known exactly.

Tasks. Each task draws an expected length ``E`` (log-uniform over 3..200 turns), the policy's
probability ``p`` of taking the good action, the success chance ``q0`` of a flawless run, a
probability ``pi_c`` (about 2 per episode) that a turn is *critical*, and two damage factors:
a routine mistake multiplies the success chance by ``rho_r = exp(-d / E)`` (long tasks are made of
many low-stakes steps), a critical one by ``rho_c`` (0.3..0.7, costly at any length).

Episode. A turn reveals its type (routine or critical, in the observation before it), then the
policy picks good (probability ``p``) or bad. The episode cannot end before turn 3; after that it
ends after each turn with hazard ``h = 1 / (E - 2)``, halved after a bad action (flailing agents
run longer), and surely at turn 200. The final observation (the test run) carries the binary
reward ``R ~ Bernoulli(q0 * m)``, ``m`` the product of the damage factors of the mistakes made.
Lengths thus vary by two orders of magnitude across tasks and geometrically within a group.

Why the true advantage is exact. Given the turn index ``i``, the multiplier ``m`` so far and the
turn type, the future is independent of the past, and everything is linear in ``m``. With
``cont_a(i) = h_a(i) + (1 - h_a(i)) W(i + 1)`` (the expected future multiplier after action ``a``)
and ``W(i) = E_type[p cont_g(i) + (1 - p) rho_type cont_b(i)]`` (backward recursion from
``W(max_turns) = 1``), ``Q(s, a) = q0 m rho_(type,a) cont_a(i)``, ``V(s) = p Q(s, good) + (1 - p) Q(s, bad)``
and ``A = Q - V``, computed by this small dynamic program, not estimated.

Tokens. Each turn is 2..6 policy tokens followed by 1..8 observation tokens (``mask = 0``, which
GAE skips); rows start with 4 prompt tokens and are padded into a ``[B, T]`` batch. The turn's
first policy token carries the decision; the rest of the turn is deterministic (their
log-probability gradient is 0, so their advantage never matters), so metrics are taken on the
decision tokens. On these tokens, GAE with the true values and ``lam = 0`` returns ``A`` exactly
(checked in ``sanity``).

Estimators. GRPO (group-normalized outcome ``(R - mean) / std`` over G = 8 rollouts of a task, on
every token), its unnormalized variant (Dr. GRPO, ``R - mean``), and ``coderl.ops.gae`` (gamma 1)
with three critics: the true values (an upper bound), a *noisy* critic (true values plus a
per-task offset and a per-state error that is a fixed function of the state, as a real critic's
errors are), and a *fitted* critic (a linear model of observable features, regressed on Monte
Carlo returns of held-out tasks), each with ``lam`` 0.95, 1.0 and VAPO's length-adaptive lambda.

Metrics, per decision token, pooled overall and by trajectory length (short 3-10 turns, medium
11-50, long 51-200). Estimators live on different scales (GRPO divides by the group std) and one
global positive scale is absorbed by the learning rate, so each estimator is first multiplied by
one global ``beta = E[A^2] / E[A_hat A]`` (reported), which makes its slope on the true advantage 1
(``beta`` is 1 in expectation for an unbiased estimator; a least-squares fit of ``A`` on ``A_hat``
would instead shrink noisy estimators towards 0). ``nmse`` is then the mean squared error over the
mean squared true advantage (0 is perfect, 1 is what predicting 0 scores). ``corr`` is Pearson's
correlation, ``sign`` the fraction of tokens whose sign is right (a zero estimate counts as wrong),
``wsign`` the same weighted by ``|A|``, ``snr = corr^2 / (1 - corr^2)`` (variance explained by the
true advantage over the rest).

Bias / variance. Probe states are drawn from the sample (stratified by length) and re-simulated
``K`` times after each action (fresh continuations, critic values and, for GRPO, fresh peers, whose
outcomes are exactly ``Bernoulli(V(s_0))``). That measures each estimator's conditional mean and
variance per state-action, and splits the policy-weighted squared error into ``offset2`` (the
error of the policy-averaged conditional mean: a state-dependent baseline error, which leaves the
expected policy gradient unbiased but adds noise, e.g. GRPO's ``V(s) - V(s_0)``), ``action_bias2``
(``p (1 - p)`` times the squared error of the expected action gap: the part that biases the
gradient, with its standard error) and ``var``; the three sum to the probes' ``nmse``.

Run: ``python benchmarks/study_advantages.py [--out DIR] [--seed S] [--quick]``; writes
``DIR/advantage_study.{json,md,png}``.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
import torch
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from coderl.ops import gae
from coderl.ops.inputs import adaptive_lambda

DEFAULT_OUT = Path(__file__).parent / "out"
BUCKETS: dict[str, tuple[int, int]] = {"short": (3, 10), "medium": (11, 50), "long": (51, 200)}
PLOT_EDGES = (3, 5, 8, 13, 21, 34, 55, 89, 144, 201)
CRITICS = ("true", "noisy", "fitted")
PROMPT_TOKENS = 4
MAX_POLICY_TOKENS = 6  # per turn, the decision token included
Array = np.ndarray


@dataclass(frozen=True)
class Settings:
    """Everything that defines a run (written to the JSON with the results)."""

    n_tasks: int = 480
    group_size: int = 8
    n_fit_tasks: int = 240
    n_probes: int = 1200
    probe_repeats: int = 16
    tasks_per_chunk: int = 48
    probes_per_chunk: int = 150
    min_turns: int = 3
    max_turns: int = 200
    mean_turns: tuple[float, float] = (3.0, 200.0)
    policy_good: tuple[float, float] = (0.55, 0.9)
    success_flawless: tuple[float, float] = (0.6, 1.0)
    critical_per_episode: float = 2.0
    critical_damage: tuple[float, float] = (0.3, 0.7)
    routine_damage: float = 1.5
    bad_hazard_factor: float = 0.5
    policy_tokens: tuple[int, int] = (2, 6)
    obs_tokens: tuple[int, int] = (1, 8)
    lams: tuple[float, ...] = (0.95, 1.0)
    lam_alpha: float = 0.05
    noisy_task_sd: float = 0.05
    noisy_state_sd: float = 0.03
    hint_q0_sd: float = 0.1
    hint_len_sd: float = 0.3
    ridge: float = 1e-3
    grpo_eps: float = 1e-6
    gae_chunk_elems: int = 1 << 21


QUICK: dict[str, Any] = {
    "n_tasks": 96,
    "n_fit_tasks": 48,
    "n_probes": 150,
    "probe_repeats": 8,
    "tasks_per_chunk": 32,
    "probes_per_chunk": 75,
}


@dataclass
class Tasks:
    """Per-task parameters (arrays over tasks) and the critic's noisy view of them."""

    mean_turns: Array
    p: Array
    q0: Array
    crit_prob: Array
    rho_r: Array
    rho_c: Array
    hazard: Array
    q0_hint: Array
    len_hint: Array
    critic_offset: Array
    ids: Array


@dataclass
class Tables:
    """The exact dynamic program per task: ``cont_g/cont_b/vpre_r/vpre_c/h_g/h_b`` are [n, max_turns]."""

    cont_g: Array
    cont_b: Array
    vpre_r: Array
    vpre_c: Array
    h_g: Array
    h_b: Array
    v0: Array


@dataclass
class Start:
    """Where rows start: task, turn, mistake counts, and an optional forced type / action (-1: sampled)."""

    task: Array
    turn: Array
    n_rb: Array
    n_cb: Array
    crit: Array
    good: Array


@dataclass
class Rollouts:
    """Turn-level rollouts: ``[R, S]`` per-turn arrays (valid where ``alive``) and per-row outcomes."""

    task: Array
    turn: Array
    alive: Array
    crit: Array
    good: Array
    n_rb: Array
    n_cb: Array
    v_pre: Array
    v_post: Array
    adv: Array
    outcome: Array
    n_turns: Array


@dataclass
class Layout:
    """Token layout of the rollouts: tokens per turn, first token of each turn, row lengths."""

    k_pol: Array
    k_obs: Array
    start: Array
    row_len: Array
    pol_tokens: Array


def sample_tasks(n: int, rng: np.random.Generator, s: Settings, first_id: int) -> Tasks:
    """Draw ``n`` tasks (parameters and the critic's noisy hints of them)."""
    lo, hi = s.mean_turns
    mean_turns = np.exp(rng.uniform(math.log(lo), math.log(hi), n))
    q0 = rng.uniform(*s.success_flawless, n)
    return Tasks(
        mean_turns=mean_turns,
        p=rng.uniform(*s.policy_good, n),
        q0=q0,
        crit_prob=np.minimum(0.5, s.critical_per_episode / mean_turns),
        rho_r=np.exp(-s.routine_damage / mean_turns),
        rho_c=rng.uniform(*s.critical_damage, n),
        hazard=1.0 / np.maximum(mean_turns - (s.min_turns - 1), 1.0),
        q0_hint=np.clip(q0 + s.hint_q0_sd * rng.standard_normal(n), 0.0, 1.0),
        len_hint=np.log(mean_turns) + s.hint_len_sd * rng.standard_normal(n),
        critic_offset=s.noisy_task_sd * rng.standard_normal(n),
        ids=np.arange(first_id, first_id + n, dtype=np.int64),
    )


def solve_tables(t: Tasks, s: Settings) -> Tables:
    """Backward dynamic program for the exact values (per unit of ``q0 * m``)."""
    n, cap = len(t.p), s.max_turns
    early = np.arange(cap) < s.min_turns - 1
    h_g = np.where(early, 0.0, t.hazard[:, None] * np.ones(cap))
    h_b = np.where(early, 0.0, np.minimum(1.0, t.hazard * s.bad_hazard_factor)[:, None] * np.ones(cap))
    h_g[:, -1] = h_b[:, -1] = 1.0
    cont_g, cont_b, vpre_r, vpre_c = (np.empty((n, cap)) for _ in range(4))
    w_next = np.ones(n)
    for i in range(cap - 1, -1, -1):
        cont_g[:, i] = h_g[:, i] + (1.0 - h_g[:, i]) * w_next
        cont_b[:, i] = h_b[:, i] + (1.0 - h_b[:, i]) * w_next
        vpre_r[:, i] = t.p * cont_g[:, i] + (1.0 - t.p) * t.rho_r * cont_b[:, i]
        vpre_c[:, i] = t.p * cont_g[:, i] + (1.0 - t.p) * t.rho_c * cont_b[:, i]
        w_next = (1.0 - t.crit_prob) * vpre_r[:, i] + t.crit_prob * vpre_c[:, i]
    return Tables(cont_g, cont_b, vpre_r, vpre_c, h_g, h_b, v0=t.q0 * w_next)


def simulate(t: Tasks, tab: Tables, st: Start, rng: np.random.Generator, s: Settings) -> Rollouts:
    """Roll all rows forward in lockstep, one turn at a time, recording exact values and advantages."""
    rows, cap = len(st.task), s.max_turns
    steps = cap - int(st.turn.min())
    task = st.task
    p, q0, pc = t.p[task], t.q0[task], t.crit_prob[task]
    log_r, log_c = np.log(t.rho_r[task]), np.log(t.rho_c[task])
    n_rb, n_cb = st.n_rb.astype(np.int64), st.n_cb.astype(np.int64)
    alive = np.ones(rows, dtype=bool)
    n_turns = np.zeros(rows, dtype=np.int64)
    rec: dict[str, Array] = {
        k: np.zeros((rows, steps), dtype=d)
        for k, d in [
            ("alive", bool),
            ("crit", bool),
            ("good", bool),
            ("n_rb", np.int64),
            ("n_cb", np.int64),
            ("v_pre", np.float64),
            ("v_post", np.float64),
        ]
    }
    for k in range(steps):
        if not alive.any():
            steps = k
            break
        i = np.minimum(st.turn + k, cap - 1)
        crit = rng.random(rows) < pc
        good = rng.random(rows) < p
        if k == 0:
            crit = np.where(st.crit >= 0, st.crit == 1, crit)
            good = np.where(st.good >= 0, st.good == 1, good)
        qm = q0 * np.exp(n_rb * log_r + n_cb * log_c)
        v_pre = qm * np.where(crit, tab.vpre_c[task, i], tab.vpre_r[task, i])
        rho_a = np.where(good, 1.0, np.exp(np.where(crit, log_c, log_r)))
        v_post = qm * rho_a * np.where(good, tab.cont_g[task, i], tab.cont_b[task, i])
        for name, val in (("crit", crit), ("good", good), ("n_rb", n_rb), ("n_cb", n_cb)):
            rec[name][:, k] = val
        rec["alive"][:, k] = alive
        rec["v_pre"][:, k] = v_pre
        rec["v_post"][:, k] = v_post
        bad = alive & ~good
        n_rb = n_rb + (bad & ~crit)
        n_cb = n_cb + (bad & crit)
        hazard = np.where(good, tab.h_g[task, i], tab.h_b[task, i])
        end = alive & (rng.random(rows) < hazard)
        n_turns[end] = (st.turn + k + 1)[end]
        alive &= ~end
    assert not alive.any(), "every row ends by max_turns"
    rec = {k: v[:, :steps] for k, v in rec.items()}
    success = q0 * np.exp(n_rb * log_r + n_cb * log_c)
    outcome = (rng.random(rows) < success).astype(np.float64)
    turn = st.turn[:, None] + np.arange(steps)[None, :]
    return Rollouts(
        task=task,
        turn=turn,
        alive=rec["alive"],
        crit=rec["crit"],
        good=rec["good"],
        n_rb=rec["n_rb"],
        n_cb=rec["n_cb"],
        v_pre=rec["v_pre"],
        v_post=rec["v_post"],
        adv=np.where(rec["alive"], rec["v_post"] - rec["v_pre"], 0.0),
        outcome=outcome,
        n_turns=n_turns,
    )


def from_start(task: Array) -> Start:
    """Rows that start a fresh episode of the given tasks."""
    zeros = np.zeros(len(task), dtype=np.int64)
    return Start(task, zeros, zeros, zeros, zeros - 1, zeros - 1)


def post_counts(ro: Rollouts) -> tuple[Array, Array]:
    """Mistake counts after each turn's action (the post-decision state)."""
    bad = ~ro.good
    return ro.n_rb + (bad & ~ro.crit), ro.n_cb + (bad & ro.crit)


def _splitmix(x: Array) -> Array:
    """The splitmix64 finalizer (uint64 arrays, wrapping arithmetic)."""
    x = x + np.uint64(0x9E3779B97F4A7C15)
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


def hashed_normal(keys: Sequence[Array], salt: int) -> Array:
    """A standard normal that is a fixed function of the integer keys (Box-Muller on two hashes)."""
    h = np.full(np.broadcast_shapes(*(k.shape for k in keys)), np.uint64(salt), dtype=np.uint64)
    for key in keys:
        h = _splitmix(h ^ np.asarray(key).astype(np.uint64))
    h2 = _splitmix(h)
    scale = 2.0**-53
    u1 = ((h >> np.uint64(11)).astype(np.float64) + 0.5) * scale
    u2 = ((h2 >> np.uint64(11)).astype(np.float64) + 0.5) * scale
    return np.sqrt(-2.0 * np.log(u1)) * np.cos(2.0 * np.pi * u2)


def noisy_critic(t: Tasks, ro: Rollouts, s: Settings, salt: int) -> tuple[Array, Array]:
    """True values plus a per-task offset and a per-state error (a fixed function of the state), in [0, 1]."""
    ids = t.ids[ro.task][:, None] * np.ones_like(ro.turn)
    offset = t.critic_offset[ro.task][:, None]
    crit = ro.crit.astype(np.int64)
    pre_err = hashed_normal([ids, ro.turn, ro.n_rb, ro.n_cb, crit, np.zeros_like(crit)], salt)
    rb, cb = post_counts(ro)
    post_err = hashed_normal([ids, ro.turn, rb, cb, crit, np.ones_like(crit)], salt)
    v_pre = np.clip(ro.v_pre + offset + s.noisy_state_sd * pre_err, 0.0, 1.0)
    v_post = np.clip(ro.v_post + offset + s.noisy_state_sd * post_err, 0.0, 1.0)
    return v_pre, v_post


def critic_features(t: Tasks, ro: Rollouts, post: bool) -> Array:
    """Observable features of the pre- or post-decision states of the valid turns, ``[N, F]``."""
    a = ro.alive
    n_rb, n_cb = post_counts(ro) if post else (ro.n_rb, ro.n_cb)
    task = np.broadcast_to(ro.task[:, None], a.shape)[a]
    q0h, lenh = t.q0_hint[task], t.len_hint[task]
    crit = ro.crit[a].astype(np.float64)
    is_post = np.full(len(task), float(post))
    base = np.stack(
        [np.ones(len(task)), is_post, crit, crit * is_post, np.log1p(ro.turn[a]), n_rb[a] / np.exp(lenh), n_cb[a]],
        axis=1,
    )
    return np.concatenate([base, q0h[:, None] * base, lenh[:, None] * base], axis=1)


def fit_critic(t: Tasks, ro: Rollouts, s: Settings) -> Array:
    """Ridge regression of Monte Carlo returns on the features of every visited state."""
    x = np.concatenate([critic_features(t, ro, post) for post in (False, True)])
    y = np.concatenate([np.broadcast_to(ro.outcome[:, None], ro.alive.shape)[ro.alive]] * 2)
    gram = x.T @ x + s.ridge * len(x) * np.eye(x.shape[1])
    return np.linalg.solve(gram, x.T @ y)


def fitted_critic(t: Tasks, ro: Rollouts, w: Array) -> tuple[Array, Array]:
    """The fitted linear critic's pre- and post-decision values, clipped to [0, 1] (0 on invalid turns)."""
    v_pre, v_post = np.zeros(ro.alive.shape), np.zeros(ro.alive.shape)
    v_pre[ro.alive] = np.clip(critic_features(t, ro, False) @ w, 0.0, 1.0)
    v_post[ro.alive] = np.clip(critic_features(t, ro, True) @ w, 0.0, 1.0)
    return v_pre, v_post


def all_critics(t: Tasks, ro: Rollouts, s: Settings, w: Array, salt: int) -> dict[str, tuple[Array, Array]]:
    """Pre- and post-decision values of the three critics."""
    return {
        "true": (ro.v_pre, ro.v_post),
        "noisy": noisy_critic(t, ro, s, salt),
        "fitted": fitted_critic(t, ro, w),
    }


def token_layout(ro: Rollouts, rng: np.random.Generator, s: Settings, prompt: int) -> Layout:
    """Draw the policy / observation tokens of every turn and place the turns in their rows."""
    k_pol = rng.integers(s.policy_tokens[0], s.policy_tokens[1] + 1, ro.alive.shape) * ro.alive
    k_obs = rng.integers(s.obs_tokens[0], s.obs_tokens[1] + 1, ro.alive.shape) * ro.alive
    per_turn = k_pol + k_obs
    start = prompt + np.cumsum(per_turn, axis=1) - per_turn
    return Layout(k_pol, k_obs, start, prompt + per_turn.sum(axis=1), k_pol.sum(axis=1))


def lam_specs(s: Settings) -> list[str]:
    """Names of the lambda settings compared."""
    return [f"lam{lam:g}" for lam in s.lams] + ["adaptive"]


def _row_chunks(lengths: Array, budget: int) -> Iterator[Array]:
    """Row indices sorted by length, cut into padded batches of at most ``budget`` elements."""
    order = np.argsort(lengths, kind="stable")
    lo = 0
    while lo < len(order):
        hi = lo + 1
        while hi < len(order) and (hi + 1 - lo) * lengths[order[hi]] <= budget:
            hi += 1
        yield order[lo:hi]
        lo = hi


def gae_at_decisions(
    ro: Rollouts,
    lay: Layout,
    critics: dict[str, tuple[Array, Array]],
    s: Settings,
    total_pol: Array | None = None,
    extra_lams: Sequence[float] = (),
) -> dict[str, Array]:
    """Run ``coderl.ops.gae`` on padded ``[B, T]`` batches; return each estimate at the decision tokens.

    ``total_pol`` (policy tokens of the whole trajectory per row) replaces ``lam_alpha`` by the same
    per-row lambda when the rows are continuations of longer trajectories (the probes).
    """
    out: dict[str, Array] = {}
    specs = lam_specs(s)
    for c in critics:
        for spec in specs:
            out[f"gae_{c}_{spec}"] = np.zeros(ro.alive.shape, dtype=np.float32)
    for lam in extra_lams:
        out[f"gae_true_lam{lam:g}"] = np.zeros(ro.alive.shape, dtype=np.float32)
    for idx in _row_chunks(lay.row_len, s.gae_chunk_elems):
        b, width = len(idx), int(lay.row_len[idx].max())
        rr, tt = np.nonzero(ro.alive[idx])
        pos = lay.start[idx][rr, tt]
        kp = lay.k_pol[idx][rr, tt]
        mask = np.zeros((b, width), dtype=bool)
        rewards = np.zeros((b, width), dtype=np.float32)
        rewards[np.arange(b), lay.row_len[idx] - 1] = ro.outcome[idx]
        mask[rr, pos] = True
        fillers = [kp > o for o in range(1, MAX_POLICY_TOKENS)]
        for o, sel in enumerate(fillers, start=1):
            mask[rr[sel], pos[sel] + o] = True
        mask_t, rewards_t = torch.from_numpy(mask), torch.from_numpy(rewards)
        lam_kw: dict[str, dict[str, Any]] = {f"lam{lam:g}": {"lam": lam} for lam in s.lams}
        if total_pol is None:
            lam_kw["adaptive"] = {"lam_alpha": s.lam_alpha}
        else:
            lam_kw["adaptive"] = {"lam": adaptive_lambda(torch.from_numpy(total_pol[idx]), s.lam_alpha)}
        for c, (v_pre, v_post) in critics.items():
            values = np.zeros((b, width), dtype=np.float32)
            values[rr, pos] = v_pre[idx][rr, tt]
            vp = v_post[idx][rr, tt]
            for o, sel in enumerate(fillers, start=1):
                values[rr[sel], pos[sel] + o] = vp[sel]
            values_t = torch.from_numpy(values)
            runs = [(spec, lam_kw[spec]) for spec in specs]
            if c == "true":
                runs += [(f"lam{lam:g}", {"lam": lam}) for lam in extra_lams]
            for spec, kw in runs:
                adv = gae(rewards_t, values_t, mask_t, gamma=1.0, num_threads=1, **kw).advantages.numpy()
                out[f"gae_{c}_{spec}"][idx[rr], tt] = adv[rr, pos]
    return out


def grpo(outcome: Array, s: Settings) -> tuple[Array, Array]:
    """GRPO ``(R - mean) / (std + eps)`` and Dr. GRPO ``R - mean`` per row; rows are grouped by task."""
    r = outcome.reshape(-1, s.group_size)
    centered = r - r.mean(axis=1, keepdims=True)
    std = r.std(axis=1, ddof=1, keepdims=True)
    return (centered / (std + s.grpo_eps)).reshape(-1), centered.reshape(-1)


def bucket_of(n_turns: Array) -> Array:
    """Length-bucket index (0 short, 1 medium, 2 long) of each trajectory length."""
    edges = [hi for _, hi in BUCKETS.values()][:-1]
    return np.searchsorted(np.asarray(edges), n_turns, side="left")


@dataclass
class Sample:
    """Decision tokens of the main sample, flattened: true advantage, estimates, and where they come from."""

    adv: list[Array] = field(default_factory=list)
    est: dict[str, list[Array]] = field(default_factory=dict)
    n_turns: list[Array] = field(default_factory=list)
    turn_idx: list[Array] = field(default_factory=list)
    prefix_pol: list[Array] = field(default_factory=list)
    task: list[Array] = field(default_factory=list)
    n_rb: list[Array] = field(default_factory=list)
    n_cb: list[Array] = field(default_factory=list)
    crit: list[Array] = field(default_factory=list)

    def cat(self) -> dict[str, Any]:
        """Concatenate the chunks."""
        flat: dict[str, Any] = {k: np.concatenate(v) for k, v in asdict(self).items() if k != "est"}
        flat["est"] = {k: np.concatenate(v) for k, v in self.est.items()}
        return flat


def run_main(
    tasks: Tasks, tab: Tables, w: Array, s: Settings, seed: int, progress: Progress, bar: Any
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Sample G rollouts of every task, compute every estimator, keep the decision tokens."""
    sample = Sample()
    sanity = {"lam0_max_abs_err": 0.0, "sum_r_minus_v0": 0.0, "sum_var_r": 0.0, "rows": 0}
    stats: dict[str, list[Array]] = {"success": [], "zero_group": [], "n_turns": []}
    n = len(tasks.p)
    for chunk, lo in enumerate(range(0, n, s.tasks_per_chunk)):
        rng = np.random.default_rng([seed, 1, chunk])
        ids = np.repeat(np.arange(lo, min(n, lo + s.tasks_per_chunk)), s.group_size)
        ro = simulate(tasks, tab, from_start(ids), rng, s)
        lay = token_layout(ro, rng, s, PROMPT_TOKENS)
        crits = all_critics(tasks, ro, s, w, salt=seed)
        est = gae_at_decisions(ro, lay, crits, s, extra_lams=(0.0,))
        err = np.abs(est.pop("gae_true_lam0") - ro.adv)[ro.alive]
        sanity["lam0_max_abs_err"] = max(sanity["lam0_max_abs_err"], float(err.max()))
        v0 = tab.v0[ids]
        sanity["sum_r_minus_v0"] += float((ro.outcome - v0).sum())
        sanity["sum_var_r"] += float((v0 * (1 - v0)).sum())
        sanity["rows"] += len(ids)
        g, g_nostd = grpo(ro.outcome, s)
        est["grpo"] = np.broadcast_to(g[:, None], ro.alive.shape)
        est["grpo_nostd"] = np.broadcast_to(g_nostd[:, None], ro.alive.shape)
        zero = np.repeat(ro.outcome.reshape(-1, s.group_size).std(axis=1) == 0, s.group_size)
        stats["success"].append(ro.outcome)
        stats["zero_group"].append(zero)
        stats["n_turns"].append(ro.n_turns)
        a = ro.alive
        sample.adv.append(ro.adv[a])
        for k, v in est.items():
            sample.est.setdefault(k, []).append(np.asarray(v, dtype=np.float64)[a])
        prefix = np.cumsum(lay.k_pol, axis=1) - lay.k_pol
        for name, arr in (
            ("n_turns", np.broadcast_to(ro.n_turns[:, None], a.shape)),
            ("turn_idx", ro.turn),
            ("prefix_pol", prefix),
            ("task", np.broadcast_to(ro.task[:, None], a.shape)),
            ("n_rb", ro.n_rb),
            ("n_cb", ro.n_cb),
            ("crit", ro.crit),
        ):
            getattr(sample, name).append(np.asarray(arr)[a])
        progress.advance(bar)
    row_stats = {k: np.concatenate(v) for k, v in stats.items()}
    sanity["v0_z_score"] = sanity["sum_r_minus_v0"] / math.sqrt(max(sanity["sum_var_r"], 1e-12))
    return sample.cat(), {"sanity": sanity, "rows": row_stats}


def choose_probes(flat: dict[str, Any], s: Settings, rng: np.random.Generator) -> Array:
    """Decision tokens to re-simulate, stratified over the length buckets."""
    buckets = bucket_of(flat["n_turns"])
    per = s.n_probes // len(BUCKETS)
    chosen = []
    for b in range(len(BUCKETS)):
        pool = np.flatnonzero(buckets == b)
        if len(pool):
            chosen.append(np.sort(rng.choice(pool, size=min(per, len(pool)), replace=False)))
    return np.concatenate(chosen)


def run_probes(
    flat: dict[str, Any],
    probes: Array,
    tasks: Tasks,
    tab: Tables,
    w: Array,
    s: Settings,
    seed: int,
    progress: Progress,
    bar: Any,
) -> dict[str, Array]:
    """Re-simulate each probe state ``K`` times after each action; estimates shaped ``[P, 2 (good, bad), K]``."""
    k = s.probe_repeats
    out: dict[str, list[Array]] = {}
    for chunk, lo in enumerate(range(0, len(probes), s.probes_per_chunk)):
        rng = np.random.default_rng([seed, 2, chunk])
        sel = probes[lo : lo + s.probes_per_chunk]
        rep = np.repeat(sel, 2 * k)
        st = Start(
            task=flat["task"][rep],
            turn=flat["turn_idx"][rep],
            n_rb=flat["n_rb"][rep],
            n_cb=flat["n_cb"][rep],
            crit=flat["crit"][rep].astype(np.int64),
            good=np.tile(np.repeat(np.array([1, 0]), k), len(sel)),
        )
        ro = simulate(tasks, tab, st, rng, s)
        lay = token_layout(ro, rng, s, prompt=0)
        total = flat["prefix_pol"][rep] + lay.pol_tokens
        crits = all_critics(tasks, ro, s, w, seed)
        est = {key: v[:, 0] for key, v in gae_at_decisions(ro, lay, crits, s, total).items()}
        peers = rng.binomial(s.group_size - 1, tab.v0[st.task]).astype(np.float64)
        r = ro.outcome
        mean = (r + peers) / s.group_size
        var = np.maximum((r + peers) - s.group_size * mean**2, 0.0) / (s.group_size - 1)
        est["grpo"] = (r - mean) / (np.sqrt(var) + s.grpo_eps)
        est["grpo_nostd"] = r - mean
        est["true_adv"] = ro.adv[:, 0]
        est["q_minus_r"] = ro.v_post[:, 0] - r
        est["q_var"] = ro.v_post[:, 0] * (1 - ro.v_post[:, 0])
        for key, v in est.items():
            out.setdefault(key, []).append(np.asarray(v, dtype=np.float64).reshape(-1, 2, k))
        progress.advance(bar)
    return {key: np.concatenate(v) for key, v in out.items()}


def _pearson(x: Array, y: Array) -> float:
    """Pearson correlation (0 when either side is constant)."""
    xc, yc = x - x.mean(), y - y.mean()
    den = math.sqrt(float((xc * xc).sum()) * float((yc * yc).sum()))
    return float((xc * yc).sum()) / den if den > 0 else 0.0


def token_metrics(est: Array, adv: Array, beta: float) -> dict[str, float]:
    """nMSE (after the global rescale), raw MSE, correlation, sign agreement and SNR on a set of tokens."""
    a2 = float((adv**2).mean())
    corr = _pearson(est, adv)
    match = np.sign(est) == np.sign(adv)
    return {
        "tokens": len(adv),
        "mean_a2": a2,
        "nmse": float(((beta * est - adv) ** 2).mean()) / a2,
        "mse_raw": float(((est - adv) ** 2).mean()),
        "corr": corr,
        "sign": float(match.mean()),
        "wsign": float((np.abs(adv) * match).sum() / np.abs(adv).sum()),
        "snr": corr**2 / max(1.0 - corr**2, 1e-12),
    }


def probe_parts(samples: Array, adv: Array, p: Array, beta: float) -> dict[str, Array]:
    """Per probe state, the policy-weighted MSE of the rescaled estimate split three ways (unbiased in ``K``).

    ``offset2``: the squared error of the policy-averaged conditional mean (a state-dependent baseline
    error: no bias in the expected policy gradient, but gradient noise); ``action_bias2``:
    ``p (1 - p)`` times the squared error of the estimated action gap ``E[A|good] - E[A|bad]`` (this
    one biases the gradient); ``var``: the conditional variance. ``a2`` is the policy-weighted ``A^2``.
    """
    k = samples.shape[2]
    scaled = beta * samples
    m = scaled.mean(axis=2)
    v = scaled.var(axis=2, ddof=1)
    pg, pb = p, 1.0 - p
    offset = pg * m[:, 0] + pb * m[:, 1]
    gap_err = (m[:, 0] - m[:, 1]) - (adv[:, 0] - adv[:, 1])
    return {
        "offset2": offset**2 - (pg**2 * v[:, 0] + pb**2 * v[:, 1]) / k,
        "action_bias2": pg * pb * (gap_err**2 - (v[:, 0] + v[:, 1]) / k),
        "var": pg * v[:, 0] + pb * v[:, 1],
        "a2": pg * adv[:, 0] ** 2 + pb * adv[:, 1] ** 2,
    }


PARTS = ("offset2", "action_bias2", "var")


def summarize(
    flat: dict[str, Any], probe_est: dict[str, Array], probes: Array, tasks: Tasks, names: list[str]
) -> dict[str, Any]:
    """All metrics: overall and per bucket from the main sample, the MSE split from the probes."""
    adv = flat["adv"]
    buckets = bucket_of(flat["n_turns"])
    pb = buckets[probes]
    pa = probe_est["true_adv"][:, :, 0]
    pp = tasks.p[flat["task"][probes]]
    share = np.bincount(buckets, minlength=len(BUCKETS)) / len(buckets)
    res: dict[str, Any] = {}
    for name in names:
        est = flat["est"][name]
        cov = float((est * adv).sum())
        beta = float((adv * adv).sum()) / cov if cov > 0 else float("nan")
        entry: dict[str, Any] = {"beta": beta, "overall": token_metrics(est, adv, beta), "buckets": {}}
        parts = probe_parts(probe_est[name], pa, pp, beta)
        num = dict.fromkeys(PARTS, 0.0)
        den, se2 = 0.0, 0.0
        for b, bname in enumerate(BUCKETS):
            m = buckets == b
            entry["buckets"][bname] = token_metrics(est[m], adv[m], beta) if m.any() else {}
            pm = pb == b
            if pm.any():
                a2 = float(parts["a2"][pm].mean())
                entry["buckets"][bname]["probes"] = int(pm.sum())
                for part in PARTS:
                    entry["buckets"][bname][part] = float(parts[part][pm].mean()) / a2
                    num[part] += share[b] * float(parts[part][pm].mean())
                se = float(parts["action_bias2"][pm].std(ddof=1)) / math.sqrt(max(int(pm.sum()) - 1, 1))
                entry["buckets"][bname]["action_bias2_se"] = se / a2
                se2 += (share[b] * se) ** 2
                den += share[b] * a2
        entry["overall"].update({part: num[part] / den for part in PARTS})
        entry["overall"]["action_bias2_se"] = math.sqrt(se2) / den
        res[name] = entry
    return res


def length_curve(flat: dict[str, Any], res: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """nMSE and correlation per fine trajectory-length bin (for the plot)."""
    edges = np.asarray(PLOT_EDGES)
    which = np.searchsorted(edges, flat["n_turns"], side="right") - 1
    adv = flat["adv"]
    curve: dict[str, Any] = {
        "edges": list(PLOT_EDGES),
        "tokens": [int((which == j).sum()) for j in range(len(edges) - 1)],
    }
    for name in names:
        est, beta = flat["est"][name], res[name]["beta"]
        nm, co = [], []
        for j in range(len(edges) - 1):
            m = which == j
            ok = m.sum() > 1
            nm.append(float(((beta * est[m] - adv[m]) ** 2).mean() / (adv[m] ** 2).mean()) if ok else float("nan"))
            co.append(_pearson(est[m], adv[m]) if ok else float("nan"))
        curve[name] = {"nmse": nm, "corr": co}
    return curve


def critic_quality(tasks: Tasks, tab: Tables, w: Array, s: Settings, seed: int) -> dict[str, Any]:
    """RMSE and R^2 of the imperfect critics against the true values on fresh rollouts."""
    rng = np.random.default_rng([seed, 3])
    ids = np.repeat(np.arange(min(len(tasks.p), 64)), s.group_size)
    ro = simulate(tasks, tab, from_start(ids), rng, s)
    a = ro.alive
    truth = np.concatenate([ro.v_pre[a], ro.v_post[a]])
    one_step = ro.adv[a]
    out: dict[str, Any] = {"true_value_sd": float(truth.std())}
    for name, (v_pre, v_post) in all_critics(tasks, ro, s, w, seed).items():
        if name == "true":
            continue
        pred = np.concatenate([v_pre[a], v_post[a]])
        out[name] = {
            "rmse": float(np.sqrt(((pred - truth) ** 2).mean())),
            "r2": float(1 - ((pred - truth) ** 2).mean() / truth.var()),
            "one_step_corr": _pearson(v_post[a] - v_pre[a], one_step),
        }
    return out


def estimator_names(s: Settings) -> list[str]:
    """Every estimator, in table order."""
    return ["grpo", "grpo_nostd"] + [f"gae_{c}_{spec}" for c in CRITICS for spec in lam_specs(s)]


def write_markdown(path: Path, report: dict[str, Any]) -> None:
    """The tables: overall metrics per estimator, then nMSE / correlation per length bucket."""
    res, s = report["results"], report["settings"]
    lines = [
        "# Advantage estimators against the exact advantage",
        "",
        f"seed {report['seed']}, {s['n_tasks']} tasks x G={s['group_size']}, "
        f"{report['decision_tokens']} decision tokens, {report['probes']} probes x {s['probe_repeats']} "
        f"continuations per action, lam_alpha={s['lam_alpha']}, {report['seconds']:.1f} s.",
        "",
        "nMSE: mean squared error over the mean squared true advantage, after one global rescale ``beta`` that "
        "makes the estimate's slope on the true advantage 1 (1 = no better than predicting 0). "
        "offset2 + action_bias2 + var: the same error measured on re-simulated probe states; only action_bias2 "
        "biases the expected policy gradient, offset2 (a state-dependent baseline error) and var add noise.",
        "",
        "| estimator | beta | nMSE | offset2 | action_bias2 | var | corr | sign | wsign | SNR | raw MSE |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, e in res.items():
        o = e["overall"]
        lines.append(
            f"| {name} | {e['beta']:.3g} | {o['nmse']:.3g} | {o['offset2']:.3g} | "
            f"{o['action_bias2']:.3g} ± {o['action_bias2_se']:.2g} | "
            f"{o['var']:.3g} | {o['corr']:.3f} | {o['sign']:.3f} | {o['wsign']:.3f} | {o['snr']:.3g} | "
            f"{o['mse_raw']:.3g} |"
        )
    heads = list(BUCKETS)
    lines += [
        "",
        "## By trajectory length (nMSE / corr / wsign)",
        "",
        "| estimator | " + " | ".join(f"{b} {lo}-{hi}" for b, (lo, hi) in BUCKETS.items()) + " |",
        "|---|" + "---:|" * len(heads),
    ]
    for name, e in res.items():
        cells = []
        for b in heads:
            m = e["buckets"].get(b, {})
            cells.append(f"{m['nmse']:.3g} / {m['corr']:.3f} / {m['wsign']:.3f}" if m else "-")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    lines += ["", "## By trajectory length: offset2 / action_bias2 / var (probes, normalized like nMSE)", ""]
    lines += ["| estimator | " + " | ".join(heads) + " |", "|---|" + "---:|" * len(heads)]
    for name, e in res.items():
        cells = []
        for b in heads:
            m = e["buckets"].get(b, {})
            parts = [f"{m['offset2']:.3g}", f"{m['action_bias2']:.3g} ± {m['action_bias2_se']:.2g}", f"{m['var']:.3g}"]
            cells.append(" / ".join(parts) if "var" in m else "-")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    env = report["environment"]
    lines += [
        "",
        "## Environment and critics",
        "",
        "| bucket | trajectories | success rate | GRPO zero-advantage rows | mean A^2 |",
        "|---|---:|---:|---:|---:|",
    ]
    for b in heads:
        d = env["buckets"][b]
        lines.append(f"| {b} | {d['rows']} | {d['success']:.3f} | {d['zero_group']:.3f} | {d['mean_a2']:.3g} |")
    cq = report["critic_quality"]
    lines += [
        "",
        f"True value sd {cq['true_value_sd']:.3f}. "
        + "; ".join(
            f"{c} critic: RMSE {cq[c]['rmse']:.3f}, R^2 {cq[c]['r2']:.3f}, one-step advantage corr "
            f"{cq[c]['one_step_corr']:.3f}"
            for c in ("noisy", "fitted")
        )
        + ".",
        "",
        "Sanity: " + ", ".join(f"{k} {v:.3g}" for k, v in report["sanity"].items()) + ".",
        "",
    ]
    path.write_text("\n".join(lines))


def write_plot(path: Path, report: dict[str, Any]) -> None:
    """nMSE and correlation against trajectory length per estimator, and the bias / variance split."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    curve, res = report["length_curve"], report["results"]
    edges = np.asarray(curve["edges"], dtype=float)
    mids = np.sqrt(edges[:-1] * (edges[1:] - 1).clip(min=edges[:-1]))
    colors = {"grpo": "black", "true": "tab:green", "noisy": "tab:blue", "fitted": "tab:orange"}
    styles = {"lam0.95": "-", "lam1": "--", "adaptive": ":"}
    fig, axes = plt.subplots(1, 3, figsize=(18, 5.2))
    names = list(res)
    for name in names:
        if name.startswith("grpo"):
            color, style = ("black", "-") if name == "grpo" else ("grey", "--")
        else:
            _, critic, spec = name.split("_", 2)
            color, style = colors[critic], styles.get(spec, "-.")
        axes[0].plot(mids, curve[name]["nmse"], style, color=color, marker="o", ms=3, label=name)
        axes[1].plot(mids, curve[name]["corr"], style, color=color, marker="o", ms=3, label=name)
    for ax, title in ((axes[0], "nMSE (rescaled) vs length"), (axes[1], "correlation with true advantage")):
        ax.set_xscale("log")
        ax.set_xlabel("trajectory length (turns)")
        ax.set_title(title)
        ax.grid(alpha=0.3)
    axes[0].set_yscale("log")
    axes[0].axhline(1.0, color="red", lw=0.8, alpha=0.6)
    axes[1].legend(fontsize=7, ncol=2)
    y = np.arange(len(names))
    floor = 1e-3
    for j, (part, color) in enumerate(zip(PARTS, ("tab:purple", "tab:red", "tab:gray"), strict=True)):
        width = np.maximum([res[n]["overall"][part] for n in names], floor)
        axes[2].barh(y + (j - 1) * 0.27, width, height=0.27, color=color, label=part)
    axes[2].set_yticks(y, names, fontsize=7)
    axes[2].invert_yaxis()
    axes[2].set_xscale("log")
    axes[2].set_xlim(left=floor)
    axes[2].set_title(f"probe error split, all lengths (values <= {floor:g} drawn at {floor:g})")
    axes[2].legend(fontsize=8)
    fig.suptitle(f"Advantage estimators vs the exact advantage (seed {report['seed']})")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def environment_stats(flat: dict[str, Any], rows: dict[str, Array]) -> dict[str, Any]:
    """Success rate, GRPO dead groups and true-advantage scale per bucket."""
    rb = bucket_of(rows["n_turns"])
    tb = bucket_of(flat["n_turns"])
    out: dict[str, Any] = {"buckets": {}, "turns_mean": float(rows["n_turns"].mean())}
    for b, name in enumerate(BUCKETS):
        m, mt = rb == b, tb == b
        out["buckets"][name] = {
            "rows": int(m.sum()),
            "success": float(rows["success"][m].mean()) if m.any() else float("nan"),
            "zero_group": float(rows["zero_group"][m].mean()) if m.any() else float("nan"),
            "mean_a2": float((flat["adv"][mt] ** 2).mean()) if mt.any() else float("nan"),
        }
    return out


def _finite(x: Any) -> Any:
    """A JSON-ready copy: tuples as lists, non-finite floats as None."""
    if isinstance(x, dict):
        return {k: _finite(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [_finite(v) for v in x]
    if isinstance(x, float | np.floating):
        return float(x) if math.isfinite(x) else None
    if isinstance(x, np.integer):
        return int(x)
    return x


def run(s: Settings, seed: int, out_dir: Path, show_progress: bool = True) -> dict[str, Any]:
    """The whole study; writes the JSON, Markdown and PNG reports and returns the report."""
    t0 = time.perf_counter()
    rng = np.random.default_rng([seed, 0])
    tasks = sample_tasks(s.n_tasks, rng, s, first_id=0)
    fit_tasks = sample_tasks(s.n_fit_tasks, rng, s, first_id=s.n_tasks)
    tab, fit_tab = solve_tables(tasks, s), solve_tables(fit_tasks, s)
    fit_ro = simulate(fit_tasks, fit_tab, from_start(np.repeat(np.arange(s.n_fit_tasks), s.group_size)), rng, s)
    w = fit_critic(fit_tasks, fit_ro, s)
    n_main = -(-s.n_tasks // s.tasks_per_chunk)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, disable=not show_progress) as progress:
        bar = progress.add_task("groups (tasks x G)", total=n_main)
        flat, extra = run_main(tasks, tab, w, s, seed, progress, bar)
        probes = choose_probes(flat, s, np.random.default_rng([seed, 4]))
        pbar = progress.add_task(f"probes x {s.probe_repeats}", total=-(-len(probes) // s.probes_per_chunk))
        probe_est = run_probes(flat, probes, tasks, tab, w, s, seed, progress, pbar)
    names = estimator_names(s)
    results = summarize(flat, probe_est, probes, tasks, names)
    sanity = dict(extra["sanity"])
    pq = probe_est.pop("q_minus_r"), probe_est.pop("q_var")
    sanity["probe_q_z_score"] = float(-pq[0].sum() / math.sqrt(max(pq[1].sum(), 1e-12)))
    sanity.pop("sum_r_minus_v0")
    sanity.pop("sum_var_r")
    report: dict[str, Any] = {
        "seed": seed,
        "settings": asdict(s),
        "decision_tokens": len(flat["adv"]),
        "probes": len(probes),
        "buckets": {k: list(v) for k, v in BUCKETS.items()},
        "results": results,
        "length_curve": length_curve(flat, results, names),
        "environment": environment_stats(flat, extra["rows"]),
        "critic_quality": critic_quality(tasks, tab, w, s, seed),
        "sanity": sanity,
    }
    report["seconds"] = time.perf_counter() - t0
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "advantage_study.json").write_text(json.dumps(_finite(report), indent=1, allow_nan=False))
    write_markdown(out_dir / "advantage_study.md", report)
    write_plot(out_dir / "advantage_study.png", report)
    return report


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    """Command line: ``--out DIR --seed S --quick --no-progress``."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default: benchmarks/out)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--quick", action="store_true", help="a small run (seconds), for the tests")
    ap.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    args = ap.parse_args(argv)
    s = replace(Settings(), **QUICK) if args.quick else Settings()
    report = run(s, args.seed, args.out, show_progress=not args.no_progress)
    print(f"wrote {args.out}/advantage_study.{{json,md,png}} in {report['seconds']:.1f} s")
    return report


if __name__ == "__main__":
    main()
