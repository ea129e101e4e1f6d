"""A small to-do list."""

from .manager import TodoList
from .models import Item

__all__ = ["Item", "TodoList"]
