"""The layering the 1.x test fixtures were written against: a layer replaces whole sections."""


def merge(base, override):
    result = dict(base)
    result.update(override)
    return result
