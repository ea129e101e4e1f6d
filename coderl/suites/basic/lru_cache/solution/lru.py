from collections import OrderedDict
from collections.abc import Hashable
from typing import Any


class LRUCache:
    """A key-value cache of fixed capacity that evicts the least recently used key."""

    def __init__(self, capacity: int) -> None:
        if capacity < 1:
            raise ValueError("capacity must be at least 1")
        self.capacity = capacity
        self._data: OrderedDict[Hashable, Any] = OrderedDict()

    def get(self, key: Hashable, default: Any = None) -> Any:
        """The value for ``key`` (marking it used), or ``default``."""
        if key not in self._data:
            return default
        self._data.move_to_end(key)
        return self._data[key]

    def put(self, key: Hashable, value: Any) -> None:
        """Set ``key`` to ``value``, evicting the least recently used key if full."""
        self._data[key] = value
        self._data.move_to_end(key)
        if len(self._data) > self.capacity:
            self._data.popitem(last=False)

    def keys(self) -> list[Hashable]:
        """Keys from least to most recently used."""
        return list(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        return key in self._data
