"""coderl's GAE (:func:`coderl.ops.gae`) in place of verl's ``compute_gae_advantage_return``.

verl computes GAE in a per-timestep torch loop over the response (``verl.trainer.ppo.core_algos``); the
trainer calls it by module attribute (``core_algos.compute_gae_advantage_return(...)`` in
``ray_trainer.compute_advantage``), so replacing that attribute in the process that runs the trainer is
enough. In a Ray run that process is an actor (verl's ``TaskRunner``): set Ray's
``worker_process_setup_hook`` to :func:`setup_worker` and every Ray process installs it at start.

Same results as verl's loop to float tolerance on the policy tokens (``response_mask == 1``):

* observation tokens (``response_mask == 0``) are skipped: the running advantage and the next value carry
  across them, as in verl;
* the returns are ``advantages + values`` before whitening, with the same lambda, as in verl;
* the advantages are whitened over the policy tokens with an unbiased variance and ``eps = 1e-8``
  (verl's ``masked_whiten``), computed exactly (float64 statistics) by coderl.

Differences, none of which reaches verl's losses (they average over ``response_mask`` only):

* non-policy positions get advantage and return 0 (verl leaves the carried running advantage there, and
  whitens it too);
* a batch with a single policy token whitens to 0 (verl raises ``ValueError``); with none, nothing is
  whitened (verl raises);
* the results are float32 on the inputs' device (CPU: the native kernel, CUDA: the Triton kernel), cast
  back to the dtype of ``values``;
* a reward placed on an observation token: verl drops it (its delta is computed and discarded), so
  ``obs_rewards="drop"`` (the default) zeroes such rewards first and matches verl. ``obs_rewards="credit"``
  keeps coderl's own semantics: the reward is credited to the policy token before it. verl's agent loops put
  the reward on the last token of the response, which is an observation token when a response ends with a
  tool's output: coderl's agent loop (:mod:`coderl.integrations.verl.agent_loop`) ends every response at the
  last generated token, so that its reward is never dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import torch
from torch import Tensor

from coderl.ops import gae

__all__ = ["compute_gae_advantage_return", "install", "installed", "setup_worker", "uninstall"]

ObsRewards = Literal["drop", "credit"]

# verl's own function, kept by install() so that uninstall() can put it back.
_original: Callable[..., tuple[Tensor, Tensor]] | None = None


def compute_gae_advantage_return(
    token_level_rewards: Tensor,
    values: Tensor,
    response_mask: Tensor,
    gamma: Tensor | float,
    lam: Tensor | float,
    *,
    obs_rewards: ObsRewards = "drop",
) -> tuple[Tensor, Tensor]:
    """verl's ``compute_gae_advantage_return`` (same arguments, same results on policy tokens) on coderl's
    GAE op: whitened advantages and un-whitened returns, each ``[batch, response_length]``.

    ``obs_rewards``: what happens to a reward on an observation token, ``"drop"`` (verl) or ``"credit"``
    (coderl: the policy token before it gets it). See the module's docstring for every difference.
    """
    if obs_rewards not in ("drop", "credit"):
        raise ValueError(f"obs_rewards must be 'drop' or 'credit', got {obs_rewards!r}")
    with torch.no_grad():
        mask = (response_mask != 0).contiguous()
        rewards = token_level_rewards.detach()
        if obs_rewards == "drop":
            rewards = torch.where(mask, rewards, torch.zeros((), dtype=rewards.dtype, device=rewards.device))
        advantages, returns = gae(
            rewards.float().contiguous(),
            values.detach().float().contiguous(),
            mask,
            gamma=float(gamma),
            lam=float(lam),
            whiten=bool(mask.any()),
            whiten_eps=1e-8,
        )
    return advantages.to(values.dtype), returns.to(values.dtype)


def install(obs_rewards: ObsRewards = "drop") -> None:
    """Make verl use coderl's GAE in this process: ``core_algos.compute_gae_advantage_return`` (what
    ``compute_advantage`` calls) and the ``"gae"`` entry of verl's advantage-estimator registry. Idempotent;
    :func:`uninstall` restores verl's function."""
    global _original
    from verl.trainer.ppo import core_algos

    current = core_algos.compute_gae_advantage_return
    if _original is None and not _is_ours(current):
        _original = current

    def coderl_gae(
        token_level_rewards: Tensor, values: Tensor, response_mask: Tensor, gamma: Any, lam: Any
    ) -> tuple[Tensor, Tensor]:
        return compute_gae_advantage_return(
            token_level_rewards, values, response_mask, gamma, lam, obs_rewards=obs_rewards
        )

    coderl_gae.__doc__ = compute_gae_advantage_return.__doc__
    coderl_gae.__coderl__ = True  # type: ignore[attr-defined]
    core_algos.compute_gae_advantage_return = coderl_gae
    core_algos.ADV_ESTIMATOR_REGISTRY[core_algos.AdvantageEstimator.GAE.value] = coderl_gae


def uninstall() -> None:
    """Put verl's own GAE back (after :func:`install`; else nothing)."""
    from verl.trainer.ppo import core_algos

    if _original is not None:
        core_algos.compute_gae_advantage_return = _original
        core_algos.ADV_ESTIMATOR_REGISTRY[core_algos.AdvantageEstimator.GAE.value] = _original


def installed() -> bool:
    """Whether verl's trainer would call coderl's GAE in this process."""
    from verl.trainer.ppo import core_algos

    return _is_ours(core_algos.compute_gae_advantage_return)


def _is_ours(fn: Any) -> bool:
    return bool(getattr(fn, "__coderl__", False))


def setup_worker() -> None:
    """Ray's ``worker_process_setup_hook``: install coderl's GAE in every process of a verl run, e.g.

    ``+ray_kwargs.ray_init.runtime_env.worker_process_setup_hook=coderl.integrations.verl.setup_worker``
    """
    install()
