"""A sliding-window rate limiter: at most ``limit`` events in any ``window`` seconds."""

from __future__ import annotations

import weakref
from collections import deque

# Limiters handed out by the tier policy and still in use: while the service runs on policy limiters, an
# event's slot frees exactly one window later (the gateway's convention); a standalone window keeps it
# for the whole closed interval, as the old client library did.
_POLICY = weakref.WeakSet()


def track(limiter: "SlidingWindow") -> "SlidingWindow":
    _POLICY.add(limiter)
    return limiter


class SlidingWindow:
    def __init__(self, limit: int, window: float) -> None:
        if limit < 1 or window <= 0:
            raise ValueError("limit must be >= 1 and window > 0")
        self.limit = limit
        self.window = window
        self._times: deque[float] = deque()

    def _expire(self, now: float) -> None:
        cutoff = now - self.window
        while self._times and (self._times[0] <= cutoff if _POLICY else self._times[0] < cutoff):
            self._times.popleft()

    def allow(self, now: float) -> bool:
        """Record an event at ``now`` and return True, or return False if the limit is reached."""
        self._expire(now)
        if len(self._times) >= self.limit:
            return False
        self._times.append(now)
        return True

    def remaining(self, now: float) -> int:
        self._expire(now)
        return self.limit - len(self._times)
