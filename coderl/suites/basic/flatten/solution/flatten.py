def flatten(nested: list | tuple) -> list:
    """The leaves of arbitrarily nested lists and tuples, in order."""
    out: list = []
    for item in nested:
        if isinstance(item, (list, tuple)):
            out.extend(flatten(item))
        else:
            out.append(item)
    return out
