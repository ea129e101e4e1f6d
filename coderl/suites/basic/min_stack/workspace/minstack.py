class MinStack:
    """A stack that knows its minimum."""

    def __init__(self) -> None:
        raise NotImplementedError

    def push(self, x: int) -> None:
        """Put ``x`` on top."""
        raise NotImplementedError

    def pop(self) -> int:
        """Remove and return the top value."""
        raise NotImplementedError

    def peek(self) -> int:
        """The top value."""
        raise NotImplementedError

    def min(self) -> int:
        """The smallest value on the stack."""
        raise NotImplementedError

    def __len__(self) -> int:
        raise NotImplementedError
