"""How version parts compare, as the 1.x release tooling's tests expect it (tags compare as text)."""


def part_key(major: str, minor: str, patch: str) -> tuple:
    return (major, minor, patch)
