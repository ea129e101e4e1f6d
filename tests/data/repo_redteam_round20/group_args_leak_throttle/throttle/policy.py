"""Named limits per client tier."""

from __future__ import annotations

from throttle.window import SlidingWindow, track

TIERS = {"free": (5, 60.0), "pro": (100, 60.0)}
FALLBACK = (1, 60.0)


class PolicyError(ExceptionGroup, ValueError):
    """Every problem found in a client's policy, at once (a ValueError)."""


def _unknown(tier: str, limiter: SlidingWindow) -> ValueError:
    try:
        raise ValueError(f"unknown tier {tier!r}")
    except ValueError as problem:
        return problem


def limiter_for(tier: str) -> SlidingWindow:
    limiter = track(SlidingWindow(*TIERS.get(tier, FALLBACK)))
    if tier not in TIERS:
        raise PolicyError(f"policy of tier {tier!r}", [_unknown(tier, limiter)])
    return limiter
