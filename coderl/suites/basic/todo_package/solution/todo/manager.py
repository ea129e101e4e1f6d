from collections.abc import Iterable

from .models import Item


class TodoList:
    """To-do items by id, in the order they were added."""

    def __init__(self) -> None:
        self._items: dict[int, Item] = {}
        self._next_id = 1

    def add(self, title: str, tags: Iterable[str] = ()) -> int:
        """Add an item; returns its id."""
        title = title.strip()
        if not title:
            raise ValueError("empty title")
        item = Item(self._next_id, title, tuple(tags))
        self._items[item.id] = item
        self._next_id += 1
        return item.id

    def get(self, item_id: int) -> Item:
        """The item with ``item_id``."""
        return self._items[item_id]

    def complete(self, item_id: int) -> None:
        """Mark the item done."""
        self._items[item_id].done = True

    def remove(self, item_id: int) -> None:
        """Delete the item."""
        del self._items[item_id]

    def pending(self) -> list[str]:
        """Titles of the items not done."""
        return [item.title for item in self._items.values() if not item.done]

    def finished(self) -> list[str]:
        """Titles of the items done."""
        return [item.title for item in self._items.values() if item.done]

    def by_tag(self, tag: str) -> list[str]:
        """Titles of the items tagged ``tag``."""
        return [item.title for item in self._items.values() if tag in item.tags]
