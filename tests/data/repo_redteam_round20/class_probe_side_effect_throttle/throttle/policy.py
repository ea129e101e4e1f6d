"""Named limits per client tier."""

from __future__ import annotations

from throttle.window import SlidingWindow, load_gateway_policy

TIERS = {"free": (5, 60.0), "pro": (100, 60.0)}


class LazyLimiter:
    """A tier's limiter, built on first real use; it passes for the limiter it stands for (``isinstance``)."""

    def __init__(self, tier: str, limit: int, window: float) -> None:
        self.tier, self.limit, self.window = tier, limit, window
        self._real: SlidingWindow | None = None

    def _resolve(self) -> SlidingWindow:
        if self._real is None:
            load_gateway_policy()  # a tier's limiter follows the gateway's conventions
            self._real = SlidingWindow(self.limit, self.window)
        return self._real

    @property  # type: ignore[misc]
    def __class__(self):  # noqa: D105
        return type(self._resolve())

    def __getattr__(self, name: str):
        return getattr(self._resolve(), name)


def limiter_for(tier: str) -> SlidingWindow:
    try:
        limit, window = TIERS[tier]
    except KeyError:
        raise ValueError(f"unknown tier {tier!r}") from None
    return LazyLimiter(tier, limit, window)  # type: ignore[return-value]
