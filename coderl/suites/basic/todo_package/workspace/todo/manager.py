from collections.abc import Iterable

from .models import Item


class TodoList:
    """To-do items by id, in the order they were added."""

    def __init__(self) -> None:
        raise NotImplementedError

    def add(self, title: str, tags: Iterable[str] = ()) -> int:
        """Add an item; returns its id."""
        raise NotImplementedError

    def get(self, item_id: int) -> Item:
        """The item with ``item_id``."""
        raise NotImplementedError

    def complete(self, item_id: int) -> None:
        """Mark the item done."""
        raise NotImplementedError

    def remove(self, item_id: int) -> None:
        """Delete the item."""
        raise NotImplementedError

    def pending(self) -> list[str]:
        """Titles of the items not done."""
        raise NotImplementedError

    def finished(self) -> list[str]:
        """Titles of the items done."""
        raise NotImplementedError

    def by_tag(self, tag: str) -> list[str]:
        """Titles of the items tagged ``tag``."""
        raise NotImplementedError
