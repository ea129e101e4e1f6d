def binary_search(items: list[int], target: int) -> int:
    """Leftmost index of ``target`` in the sorted list ``items``, or -1."""
    lo, hi = 0, len(items)
    while lo < hi:
        mid = (lo + hi) // 2
        if items[mid] < target:
            lo = mid + 1
        else:
            hi = mid
    return lo if lo < len(items) and items[lo] == target else -1
