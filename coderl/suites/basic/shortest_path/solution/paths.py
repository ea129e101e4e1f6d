import heapq


def shortest_path(edges: list[tuple[str, str, int]], start: str, goal: str) -> tuple[int, list[str]] | None:
    """The cheapest path from ``start`` to ``goal`` as (cost, nodes), or None (Dijkstra)."""
    graph: dict[str, list[tuple[str, int]]] = {}
    for source, target, weight in edges:
        graph.setdefault(source, []).append((target, weight))
    queue: list[tuple[int, str, list[str]]] = [(0, start, [start])]
    done: set[str] = set()
    while queue:
        cost, node, path = heapq.heappop(queue)
        if node == goal:
            return cost, path
        if node in done:
            continue
        done.add(node)
        for target, weight in graph.get(node, []):
            if target not in done:
                heapq.heappush(queue, (cost + weight, target, [*path, target]))
    return None
