import bisect
from typing import Any


class TimeMap:
    """Values of keys over time."""

    def __init__(self) -> None:
        self._times: dict[str, list[int]] = {}
        self._values: dict[str, list[Any]] = {}

    def set(self, key: str, value: Any, timestamp: int) -> None:
        """Record ``value`` for ``key`` at ``timestamp``."""
        times = self._times.setdefault(key, [])
        values = self._values.setdefault(key, [])
        i = bisect.bisect_left(times, timestamp)
        if i < len(times) and times[i] == timestamp:
            values[i] = value
        else:
            times.insert(i, timestamp)
            values.insert(i, value)

    def get(self, key: str, timestamp: int) -> Any:
        """The value of ``key`` at the latest time <= ``timestamp``, or None."""
        times = self._times.get(key, [])
        i = bisect.bisect_right(times, timestamp)
        return self._values[key][i - 1] if i else None
