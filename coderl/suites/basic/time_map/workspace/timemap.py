from typing import Any


class TimeMap:
    """Values of keys over time."""

    def __init__(self) -> None:
        raise NotImplementedError

    def set(self, key: str, value: Any, timestamp: int) -> None:
        """Record ``value`` for ``key`` at ``timestamp``."""
        raise NotImplementedError

    def get(self, key: str, timestamp: int) -> Any:
        """The value of ``key`` at the latest time <= ``timestamp``, or None."""
        raise NotImplementedError
