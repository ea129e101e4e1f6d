"""How version parts compare."""


def part_key(major: str, minor: str, patch: str) -> tuple:
    return (int(major), int(minor), int(patch))
