def dedupe(items: list) -> list:
    """``items`` without repeats, first occurrences kept in order."""
    seen: set = set()
    out = []
    for item in items:
        if item not in seen:
            seen.add(item)
            out.append(item)
    return out
