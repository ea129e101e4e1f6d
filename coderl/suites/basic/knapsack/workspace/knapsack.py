def knapsack(items: list[tuple[int, int]], capacity: int) -> int:
    """The best total value of items (weight, value) fitting in ``capacity``, each used once."""
    raise NotImplementedError
