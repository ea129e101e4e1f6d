def topo_sort(graph: dict[str, list[str]]) -> list[str]:
    """Nodes ordered after their dependencies, smallest ready node first; ValueError on a cycle."""
    raise NotImplementedError
