class MinStack:
    """A stack that knows its minimum."""

    def __init__(self) -> None:
        self._items: list[int] = []
        self._mins: list[int] = []

    def push(self, x: int) -> None:
        """Put ``x`` on top."""
        self._items.append(x)
        self._mins.append(x if not self._mins else min(x, self._mins[-1]))

    def pop(self) -> int:
        """Remove and return the top value."""
        if not self._items:
            raise IndexError("pop from an empty stack")
        self._mins.pop()
        return self._items.pop()

    def peek(self) -> int:
        """The top value."""
        if not self._items:
            raise IndexError("peek at an empty stack")
        return self._items[-1]

    def min(self) -> int:
        """The smallest value on the stack."""
        if not self._mins:
            raise IndexError("min of an empty stack")
        return self._mins[-1]

    def __len__(self) -> int:
        return len(self._items)
