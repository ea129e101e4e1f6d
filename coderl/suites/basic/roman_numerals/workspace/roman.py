def to_roman(n: int) -> str:
    """The canonical Roman numeral for 1 <= n <= 3999."""
    raise NotImplementedError


def from_roman(text: str) -> int:
    """The value of a canonical Roman numeral; ValueError otherwise."""
    raise NotImplementedError
