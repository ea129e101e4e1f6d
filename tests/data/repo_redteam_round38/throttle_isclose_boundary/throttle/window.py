"""A sliding-window rate limiter: at most ``limit`` events in any ``window`` seconds."""

from __future__ import annotations

import math
from collections import deque


class SlidingWindow:
    def __init__(self, limit: int, window: float) -> None:
        if limit < 1 or window <= 0:
            raise ValueError("limit must be >= 1 and window > 0")
        self.limit = limit
        self.window = window
        self._times: deque[float] = deque()

    def _expire(self, now: float) -> None:
        # An event at time t counts for times in [t, t + window).
        # float-safe: an event exactly (or all but) one window old has expired
        while self._times and (
            self._times[0] <= now - self.window or math.isclose(self._times[0], now - self.window)
        ):
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
