def flatten(nested: list | tuple) -> list:
    """The leaves of arbitrarily nested lists and tuples, in order."""
    raise NotImplementedError
