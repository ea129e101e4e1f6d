import heapq


def topo_sort(graph: dict[str, list[str]]) -> list[str]:
    """Nodes ordered after their dependencies, smallest ready node first; ValueError on a cycle."""
    deps: dict[str, set[str]] = {}
    users: dict[str, set[str]] = {}
    for node, needs in graph.items():
        deps.setdefault(node, set()).update(needs)
        for dep in needs:
            deps.setdefault(dep, set())
            users.setdefault(dep, set()).add(node)
    ready = [node for node, needs in deps.items() if not needs]
    heapq.heapify(ready)
    order: list[str] = []
    while ready:
        node = heapq.heappop(ready)
        order.append(node)
        for user in users.get(node, ()):
            deps[user].discard(node)
            if not deps[user]:
                heapq.heappush(ready, user)
    if len(order) != len(deps):
        raise ValueError("the graph has a cycle")
    return order
