from dataclasses import dataclass


@dataclass
class Item:
    """One to-do entry."""

    id: int
    title: str
    tags: tuple[str, ...] = ()
    done: bool = False
