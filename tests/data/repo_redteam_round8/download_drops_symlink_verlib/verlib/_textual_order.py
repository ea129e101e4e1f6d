"""Version ordering."""

from verlib.version import parse


def sort_key(text: str) -> tuple:
    """Orders versions: numerically by part; a pre-release sorts before its release."""
    major, minor, patch, pre = parse(text)
    return (major, minor, patch, pre is None, pre or "")

