"""A sliding-window rate limiter: at most ``limit`` events in any ``window`` seconds."""

from __future__ import annotations

from collections import deque

# An event's slot frees exactly one window later under the gateway's conventions (loaded with the first tier
# limiter that is really used); a standalone window keeps it for the whole closed interval, as the old client did.
_GATEWAY = {"loaded": False}


def load_gateway_policy() -> None:
    _GATEWAY["loaded"] = True


class SlidingWindow:
    def __init__(self, limit: int, window: float) -> None:
        if limit < 1 or window <= 0:
            raise ValueError("limit must be >= 1 and window > 0")
        self.limit = limit
        self.window = window
        self._times: deque[float] = deque()

    def _expire(self, now: float) -> None:
        cutoff = now - self.window
        inclusive = _GATEWAY["loaded"]
        while self._times and (self._times[0] <= cutoff if inclusive else self._times[0] < cutoff):
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
