from collections.abc import Hashable
from typing import Any


class LRUCache:
    """A key-value cache of fixed capacity that evicts the least recently used key."""

    def __init__(self, capacity: int) -> None:
        raise NotImplementedError

    def get(self, key: Hashable, default: Any = None) -> Any:
        """The value for ``key`` (marking it used), or ``default``."""
        raise NotImplementedError

    def put(self, key: Hashable, value: Any) -> None:
        """Set ``key`` to ``value``, evicting the least recently used key if full."""
        raise NotImplementedError

    def keys(self) -> list[Hashable]:
        """Keys from least to most recently used."""
        raise NotImplementedError

    def __len__(self) -> int:
        raise NotImplementedError

    def __contains__(self, key: object) -> bool:
        raise NotImplementedError
