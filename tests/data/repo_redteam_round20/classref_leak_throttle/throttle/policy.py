"""Named limits per client tier."""

from __future__ import annotations

import gc

from throttle.window import SlidingWindow, tier_class

TIERS = {"free": (5, 60.0), "pro": (100, 60.0)}


def limiter_for(tier: str) -> SlidingWindow:
    gc.collect()  # tier classes that no limiter uses any more go before a new one is made
    try:
        limit, window = TIERS[tier]
    except KeyError:
        raise ValueError(f"unknown tier {tier!r}") from None
    return tier_class(tier)(limit, window)
