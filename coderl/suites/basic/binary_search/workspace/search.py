def binary_search(items: list[int], target: int) -> int:
    """Leftmost index of ``target`` in the sorted list ``items``, or -1."""
    raise NotImplementedError
