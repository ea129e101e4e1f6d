"""Named limits per client tier."""

from __future__ import annotations

from throttle.window import SlidingWindow, TierLimit

TIERS = {"free": (5, 60.0), "pro": (100, 60.0)}


def limiter_for(tier: str) -> SlidingWindow:
    try:
        limit, window = TIERS[tier]
    except KeyError:
        raise ValueError(f"unknown tier {tier!r}") from None
    return SlidingWindow(TierLimit(limit), window)
