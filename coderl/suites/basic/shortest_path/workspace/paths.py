def shortest_path(edges: list[tuple[str, str, int]], start: str, goal: str) -> tuple[int, list[str]] | None:
    """The cheapest path from ``start`` to ``goal`` as (cost, nodes), or None (Dijkstra)."""
    raise NotImplementedError
