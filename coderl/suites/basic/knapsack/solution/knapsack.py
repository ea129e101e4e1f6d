def knapsack(items: list[tuple[int, int]], capacity: int) -> int:
    """The best total value of items (weight, value) fitting in ``capacity``, each used once."""
    best = [0] * (capacity + 1)
    for weight, value in items:
        for c in range(capacity, weight - 1, -1):
            best[c] = max(best[c], best[c - weight] + value)
    return best[capacity]
